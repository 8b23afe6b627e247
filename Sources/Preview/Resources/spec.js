// The Spec panel: the clip's motion as code an engineer can paste (UIKit, SwiftUI, Jetpack
// Compose, CSS) and its numbers table, as `flipbook spec` prints them (docs/spec.md). The text
// comes with the player's data (variants[i].spec); player.js announces each clip with a
// "flipbook:clip" event, so this file runs before it.
(() => {
  "use strict";
  const FORMATS = [["uikit", "UIKit"], ["swiftui", "SwiftUI"], ["compose", "Compose"], ["css", "CSS"], ["table", "Numbers"]];
  const P = { data: null, variant: 0, format: "uikit" };
  const card = () => document.getElementById("spec-card");

  function build() {
    const c = card();
    if (!c) return;
    c.textContent = "";
    const head = document.createElement("div"); head.className = "spec-head";
    const h = document.createElement("h2"); h.textContent = "Spec";
    head.append(h);
    const variants = P.data.variants;
    if (variants.length > 1) {
      const sel = document.createElement("select"); sel.id = "spec-variant"; sel.setAttribute("aria-label", "Variant");
      variants.forEach((v, i) => { const o = document.createElement("option"); o.value = String(i); o.textContent = v.label; sel.append(o); });
      sel.value = String(P.variant);
      sel.onchange = () => { P.variant = +sel.value; show(); };
      head.append(sel);
    }
    const tabs = document.createElement("div"); tabs.className = "spec-tabs"; tabs.setAttribute("role", "tablist");
    for (const [id, name] of FORMATS) {
      const b = document.createElement("button"); b.type = "button"; b.dataset.format = id; b.textContent = name;
      b.setAttribute("role", "tab");
      b.onclick = () => { P.format = id; show(); };
      tabs.append(b);
    }
    const code = document.createElement("div"); code.className = "spec-code";
    const pre = document.createElement("pre"); pre.id = "spec-text";
    const copy = document.createElement("button"); copy.type = "button"; copy.className = "spec-copy"; copy.id = "spec-copy";
    copy.textContent = "Copy";
    copy.onclick = () => copyText(copy);
    code.append(pre, copy);
    const note = document.createElement("div"); note.className = "spec-note";
    note.textContent = "The scene's numbers; conversions in docs/spec.md (flipbook spec).";
    c.append(head, tabs, code, note);
    show();
  }

  function text() {
    const v = P.data && P.data.variants[P.variant];
    return v && v.spec ? (v.spec[P.format] || v.spec.error || "") : "";
  }

  function show() {
    const c = card();
    if (!c) return;
    for (const b of c.querySelectorAll(".spec-tabs button")) b.classList.toggle("on", b.dataset.format === P.format);
    document.getElementById("spec-text").textContent = text() || "No spec for this clip.";
  }

  function copyText(button) {
    const t = text();
    const done = () => { button.textContent = "Copied"; button.classList.add("done");
      setTimeout(() => { button.textContent = "Copy"; button.classList.remove("done"); }, 1400); };
    const fallback = () => {
      // Without the async clipboard (an insecure origin): copy through a selected text area.
      const area = document.createElement("textarea"); area.value = t; area.style.position = "fixed"; area.style.opacity = "0";
      document.body.append(area); area.select();
      try { document.execCommand("copy"); done(); } finally { area.remove(); }
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(t).then(done, fallback);
    else fallback();
  }

  document.addEventListener("flipbook:clip", (e) => {
    P.data = e.detail;
    if (P.variant >= P.data.variants.length) P.variant = 0;
    const any = P.data.variants.some((v) => v.spec);
    const c = card();
    if (c) c.hidden = !any;
    if (any) build();
  });

  // For tests and scripts: the text the panel shows for a variant and format.
  window.flipbookSpec = {
    text: (variant, format) => { const v = P.data && P.data.variants[variant]; return v && v.spec ? v.spec[format] : null; },
    select: (variant, format) => { P.variant = variant; P.format = format; build(); return text(); },
    shown: () => ({ variant: P.variant, format: P.format, text: document.getElementById("spec-text")?.textContent ?? null }),
  };
})();
