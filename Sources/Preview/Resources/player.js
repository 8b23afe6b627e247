// Flipbook's player. The same script runs the live preview (data and frames come from the
// server, pushed over a WebSocket at /live) and the frozen review page (the data is inside the
// page in #flipbook-data, with the clip as one H.264 video, or with --page-frames png every
// frame as a data URL).
//
// The timebase: shared frame n is at n / fps seconds (fps: the highest of the variants);
// each variant shows its own frame at that instant and holds its last frame once it ends.
// The review page's video holds the variants side by side, video frame n being shared frame
// n (presentation time n / fps): stepping seeks to the frame's centre, (n + 0.5) / fps, and
// the frame on the canvases is the one requestVideoFrameCallback reports as presented
// (mediaTime x fps); playing, the video plays and the page follows the frames it presents.
(() => {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const EVENT_STYLE = {
    touchDown: { label: "touch down", color: "#64d2ff" },
    touchUp: { label: "release", color: "#ffffff" },
    decision: { label: "decision", color: "#ffd60a" },
    settle: { label: "settle", color: "#30d158" },
  };
  const S = {
    data: null,          // the player data of the clip shown
    generation: null,
    images: [],          // images[v][f]: a decoded Image, or null while it loads
    loaded: 0, total: 0,
    previous: null,      // the images of the clip shown before this one (shown while frames arrive)
    frame: 0, pos: 0, playing: false, lastTick: 0,
    errors: null, warnings: null, live: false, socketOpen: false,
    cells: [],
  };
  // The review page's video: the element, the frame painted from it (-1: none yet), the frame
  // a seek is on its way to, and the next one asked for while it was.
  const V = { el: null, painted: -1, seekingTo: null, next: null, failed: false };
  const hasFrameCallback = "requestVideoFrameCallback" in HTMLVideoElement.prototype;
  // Extra cards for the side column, in order: each is (data) => an element, or null for none.
  // A module of the page adds itself with PANELS.push(...) before the data is read.
  const PANELS = [];

  // The Match card (review --recording; docs/match.md), under the player: the verdict, the
  // alignment, each tracked view and the fit as `flipbook match` prints them, then spec |
  // recording | difference as a looping video beside the chart of spec and recording.
  PANELS.push((data) => {
    const m = data.match;
    if (!m) return null;
    const card = document.createElement("div"); card.className = "card"; card.id = "match-card"; card.dataset.column = "stage";
    const h = document.createElement("h2"); h.textContent = "Match";
    const verdict = document.createElement("div"); verdict.id = "match-verdict";
    verdict.className = "match-verdict " + (m.matches ? "matches" : "differs");
    verdict.textContent = m.verdict;
    const lines = document.createElement("pre"); lines.className = "match-lines"; lines.textContent = m.lines.join("\n");
    const clip = document.createElement("video"); clip.id = "match-clip"; clip.className = "match-clip";
    clip.muted = true; clip.loop = true; clip.autoplay = true; clip.playsInline = true; clip.controls = true; clip.src = m.clip;
    const legend = document.createElement("div"); legend.className = "match-legend";
    for (const name of ["spec", "recording", "difference ×4"]) { const s = document.createElement("span"); s.textContent = name; legend.append(s); }
    const chart = document.createElement("img"); chart.id = "match-chart"; chart.className = "match-chart"; chart.alt = "Progress of spec and recording";
    chart.src = m.chart;
    const files = document.createElement("div"); files.className = "match-files"; files.textContent = "Beside this page: " + m.files.join(", ");
    const media = document.createElement("div"); media.className = "match-media";
    const left = document.createElement("div"); left.append(clip, legend);
    media.append(left, chart);
    card.append(h, verdict, lines, media, files);
    return card;
  });

  // --- Data -------------------------------------------------------------------------
  function resolve(src) { return src.startsWith("=") ? S.data.images[+src.slice(1)] : src; }

  function variantFrame(v, n) {
    const variant = S.data.variants[v];
    if (variant.fps === S.data.fps) return Math.min(n, variant.frameCount - 1);
    return Math.min(Math.floor(n / S.data.fps * variant.fps + 1e-9), variant.frameCount - 1);
  }

  function setClip(data) {
    S.previous = S.images.length ? S.images : S.previous;
    S.data = data;
    S.generation = data.generation;
    S.images = data.variants.map((v) => new Array(v.frameCount).fill(null));
    S.loaded = 0;
    S.total = data.variants.reduce((a, v) => a + v.frameCount, 0);
    $("title").textContent = data.title;
    document.title = data.title + " · Flipbook";
    buildCells();
    $("scrubber").max = String(data.frameCount - 1);
    if (S.frame > data.frameCount - 1) { S.frame = data.frameCount - 1; S.pos = S.frame; }
    $("chart-img").src = resolve(data.chart.src);
    const overlay = $("chart-overlay");
    overlay.width = data.chart.width; overlay.height = data.chart.height;
    buildLegend(); buildMarkers(); buildMetrics();
    if (data.sheet) { $("sheet").src = data.sheet; $("sheet-card").hidden = false; }
    buildPanels();
    if (data.video) setVideo(data.video);
    document.dispatchEvent(new CustomEvent("flipbook:clip", { detail: data }));  // the Spec panel (spec.js)
    draw();
  }

  function buildPanels() {
    document.querySelectorAll(".panel").forEach((e) => e.remove());
    for (const make of PANELS) {
      const card = make(S.data);
      // A card marked data-column="stage" goes under the player (wide), the others to the side.
      const column = card && card.dataset.column === "stage" ? ".stage-col" : ".side";
      if (card) { card.classList.add("panel"); document.querySelector(column).append(card); }
    }
  }

  // --- The clip as one video (the review page) ------------------------------------------
  function setVideo(video) {
    const el = document.createElement("video");
    el.className = "clip-video";
    el.muted = true; el.playsInline = true; el.preload = "auto";
    el.setAttribute("aria-hidden", "true");
    V.el = el; V.painted = -1; V.seekingTo = null; V.next = null;
    S.total = 1; S.loaded = 0;
    el.addEventListener("loadeddata", () => { S.loaded = 1; updateStatus(); if (!S.playing) showVideoFrame(S.frame); });
    el.addEventListener("seeked", () => {
      const n = V.seekingTo; V.seekingTo = null;
      if (!hasFrameCallback && n !== null) paintVideo(n);
      if (V.next !== null) { const m = V.next; V.next = null; showVideoFrame(m); }
    });
    el.addEventListener("ended", () => { if (S.playing) { setPlaying(false); seek(S.data.frameCount - 1); } });
    el.addEventListener("error", () => { V.failed = true; updateStatus(); });
    if (hasFrameCallback) {
      const presented = (now, meta) => { paintVideo(Math.round(meta.mediaTime * S.data.fps)); el.requestVideoFrameCallback(presented); };
      el.requestVideoFrameCallback(presented);
    }
    el.src = video.src;
    document.body.append(el);
  }

  // Asks the video for shared frame n: a seek to its centre, one at a time (the last asked wins).
  function showVideoFrame(n) {
    if (!V.el || V.el.readyState < 2) return;   // loadeddata asks again
    if (V.seekingTo !== null) { V.next = n; return; }
    if (n === V.painted) return;
    V.seekingTo = n;
    V.el.currentTime = (n + 0.5) / S.data.fps;
  }

  // Copies the frame the video presents (shared frame n) onto each variant's canvas.
  function paintVideo(n) {
    n = Math.max(0, Math.min(S.data.frameCount - 1, n));
    V.painted = n;
    const cells = S.data.video.cells;
    S.data.variants.forEach((v, i) => {
      const c = S.cells[i];
      c.picture.getContext("2d").drawImage(V.el, cells[i].x, cells[i].y, v.width, v.height, 0, 0, v.width, v.height);
      c.shown = { generation: S.generation, variant: i, frame: variantFrame(i, n), stale: false };
      c.wrap.classList.remove("stale");
    });
    if (S.playing && n !== S.frame) { S.frame = n; S.pos = n; draw(); }
  }

  function frameArrived(generation, v, f) {
    if (generation !== S.generation) return;
    const img = new Image();
    img.onload = () => {
      if (generation !== S.generation || S.images[v][f]) return;
      S.images[v][f] = img;
      S.loaded += 1;
      if (S.loaded === S.total) S.previous = null;
      if (variantFrame(v, S.frame) === f) draw();
      updateStatus();
    };
    img.src = resolve(S.data.variants[v].frames[f]);
  }

  // A new render's frame 0, sent before its data: drawn at once over the clip shown when
  // the page is on frame 0 and the picture has the same size; the new clip replaces it.
  function firstArrived(m) {
    if (!S.data || m.generation <= S.generation) return;
    const img = new Image();
    img.onload = () => {
      if (m.generation <= S.generation || S.frame !== 0) return;
      const c = S.cells[m.variant];
      if (!c || c.picture.width !== img.width || c.picture.height !== img.height) return;
      const ctx = c.picture.getContext("2d");
      ctx.clearRect(0, 0, c.picture.width, c.picture.height);
      ctx.drawImage(img, 0, 0);
      c.shown = { generation: m.generation, variant: m.variant, frame: 0, stale: false };
    };
    img.src = resolve(m.src);
  }

  // --- The stage --------------------------------------------------------------------
  function buildCells() {
    const stage = $("stage");
    const sizes = S.data.variants.map((v) => v.width + "x" + v.height).join();
    if (stage.dataset.sizes !== sizes) {
      stage.textContent = "";
      S.cells = S.data.variants.map(() => {
        const cell = document.createElement("div"); cell.className = "cell";
        const label = document.createElement("div"); label.className = "cell-label";
        const wrap = document.createElement("div"); wrap.className = "frame-wrap";
        const picture = document.createElement("canvas"); picture.className = "picture";
        const touch = document.createElement("canvas"); touch.className = "touch";
        wrap.append(picture, touch); cell.append(label, wrap); stage.append(cell);
        return { cell, label, wrap, picture, touch, shown: null };
      });
      stage.dataset.sizes = sizes;
    }
    const many = S.data.variants.length > 1;
    S.data.variants.forEach((v, i) => {
      const c = S.cells[i];
      c.label.textContent = "";
      c.label.hidden = !many;
      if (many) {
        const sw = document.createElement("span"); sw.className = "swatch";
        sw.style.background = S.data.chart.colors[i]; c.label.append(sw);
      }
      c.label.append(document.createTextNode(v.label));
      for (const canvas of [c.picture, c.touch]) {
        if (canvas.width !== v.width) canvas.width = v.width;
        if (canvas.height !== v.height) canvas.height = v.height;
      }
    });
    layout();
  }

  // Cells share the stage's width; each shows its frame at the same height.
  function layout() {
    if (!S.data) return;
    const stage = $("stage");
    const n = S.data.variants.length;
    const device = $("device").checked;
    const maxH = Math.min(window.innerHeight - 270, 820);
    const avail = stage.clientWidth - 36 - 22 * (n - 1);
    const widest = Math.max(...S.data.variants.map((v) => v.width / v.height));
    const bezel = device ? 2 * 14 : 0;
    const h = Math.max(160, Math.min(maxH, (avail / n - bezel) / widest));
    stage.style.setProperty("--cell-h", h + "px");
    S.data.variants.forEach((v, i) => {
      const c = S.cells[i];
      const k = h / v.height;  // CSS px per frame pixel
      const pad = device ? Math.max(6, v.bezel * k) : 0;
      c.wrap.classList.toggle("device", device);
      c.wrap.style.padding = pad + "px";
      c.wrap.style.borderRadius = device ? (v.screenCornerRadius * k + pad) + "px" : "6px";
      c.picture.style.borderRadius = device ? (v.screenCornerRadius * k) + "px" : "4px";
      c.touch.style.left = pad + "px"; c.touch.style.top = pad + "px";
      c.touch.style.height = h + "px"; c.touch.style.width = (v.width * k) + "px";
    });
  }

  function draw() {
    if (!S.data) return;
    const n = S.frame;
    if (S.data.video) {
      if (!S.playing) showVideoFrame(n);
      S.data.variants.forEach((v, i) => drawTouch(S.cells[i], v, variantFrame(i, n)));
    } else {
      drawFrames(n);
    }
    drawChartOverlay();
    const t = n / S.data.fps;
    $("time").textContent = t.toFixed(3) + " s";
    $("frame").textContent = "frame " + n + " / " + (S.data.frameCount - 1);
    $("scrubber").value = String(n);
  }

  // Frames as pictures (the preview's, or a --page-frames png page's).
  function drawFrames(n) {
    S.data.variants.forEach((v, i) => {
      const c = S.cells[i];
      const f = variantFrame(i, n);
      let img = S.images[i][f], stale = false;
      if (!img && S.previous && S.previous[i]) {
        const old = S.previous[i];
        img = old[Math.min(f, old.length - 1)]; stale = !!img;
      }
      const ctx = c.picture.getContext("2d");
      if (img) {
        ctx.clearRect(0, 0, c.picture.width, c.picture.height);
        ctx.drawImage(img, 0, 0);
        c.shown = { generation: stale ? null : S.generation, variant: i, frame: f, stale };
      } else {
        c.shown = null;
      }
      c.wrap.classList.toggle("stale", stale);
      drawTouch(c, v, f);
    });
  }

  function drawTouch(c, v, f) {
    const ctx = c.touch.getContext("2d");
    ctx.clearRect(0, 0, c.touch.width, c.touch.height);
    const t = v.touches[f];
    if (!$("touches").checked || !t) return;
    const [x, y, a] = t, ring = Math.max(1, 1.5 * v.scale), r = v.touchDiameter / 2;
    ctx.beginPath(); ctx.arc(x, y, r - ring / 2, 0, 2 * Math.PI);
    ctx.fillStyle = "rgba(255,255,255," + 0.5 * a + ")"; ctx.fill();
    ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI);
    ctx.lineWidth = ring; ctx.strokeStyle = "rgba(0,0,0," + 0.28 * a + ")"; ctx.stroke();
  }

  // --- The chart --------------------------------------------------------------------
  function chartX(t) { const c = S.data.chart; return c.x0 + Math.min(Math.max(t, 0), c.duration) / c.duration * (c.x1 - c.x0); }
  function chartY(p) { const c = S.data.chart; return c.y0 + p * (c.y1 - c.y0); }

  function drawChartOverlay() {
    const c = S.data.chart, canvas = $("chart-overlay"), ctx = canvas.getContext("2d");
    const k = c.scale;   // chart pixels per point
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    // touch down and decision (release and settle are drawn in the chart itself): a dashed
    // line each, and its name at the bottom of the plot; a name that would touch the one
    // before it goes a row higher (two variants deciding 100 ms apart).
    const seen = new Set(), marks = [];
    S.data.variants.forEach((v) => v.events.forEach((e) => {
      if (e.kind !== "touchDown" && e.kind !== "decision") return;
      const x = Math.round(chartX(e.time));
      if (seen.has(e.kind + x)) return; seen.add(e.kind + x);
      marks.push({ x, kind: e.kind });
    }));
    ctx.font = "600 " + 10.5 * k + "px -apple-system, Inter, sans-serif";
    const rowEnds = [];
    S.chartLabels = [];
    marks.sort((a, b) => a.x - b.x).forEach((m) => {
      const left = m.x + 4 * k, width = ctx.measureText(EVENT_STYLE[m.kind].label).width;
      let row = rowEnds.findIndex((end) => left > end + 6 * k);
      if (row < 0) { row = rowEnds.length; rowEnds.push(0); }
      rowEnds[row] = left + width;
      // Chart pixels: the text's box, baseline at `bottom`.
      S.chartLabels.push({ kind: m.kind, left, width, bottom: c.plotBottom - 6 * k - row * 13 * k, height: 10.5 * k });
      ctx.save();
      ctx.strokeStyle = EVENT_STYLE[m.kind].color; ctx.globalAlpha = 0.55; ctx.lineWidth = k;
      ctx.setLineDash([3 * k, 3 * k]);
      ctx.beginPath(); ctx.moveTo(m.x, c.plotTop); ctx.lineTo(m.x, c.plotBottom); ctx.stroke();
      ctx.globalAlpha = 0.9; ctx.fillStyle = EVENT_STYLE[m.kind].color;
      ctx.fillText(EVENT_STYLE[m.kind].label, left, c.plotBottom - 6 * k - row * 13 * k);
      ctx.restore();
    });
    // The playhead, and a dot on each line where it crosses.
    const t = S.frame / S.data.fps, x = chartX(t);
    ctx.strokeStyle = "rgba(255,255,255,0.8)"; ctx.lineWidth = 1.5 * k; ctx.setLineDash([]);
    ctx.beginPath(); ctx.moveTo(x, c.plotTop); ctx.lineTo(x, c.plotBottom); ctx.stroke();
    S.data.variants.forEach((v, i) => {
      const p = v.progress[variantFrame(i, S.frame)];
      ctx.beginPath(); ctx.arc(x, chartY(p), 4.5 * k, 0, 2 * Math.PI);
      ctx.fillStyle = c.colors[i]; ctx.fill();
      ctx.lineWidth = 1.2 * k; ctx.strokeStyle = "#fff"; ctx.stroke();
    });
  }

  function buildLegend() {
    const legend = $("legend"); legend.textContent = "";
    for (const kind of ["touchDown", "touchUp", "decision", "settle"]) {
      if (!S.data.variants.some((v) => v.events.some((e) => e.kind === kind))) continue;
      const s = document.createElement("span"); s.style.color = EVENT_STYLE[kind].color;
      s.append(document.createElement("i"), document.createTextNode(EVENT_STYLE[kind].label));
      legend.append(s);
    }
  }

  // Events on the scrubber: one marker per frame, naming every event at that frame.
  function buildMarkers() {
    const box = $("markers"); box.textContent = "";
    const last = Math.max(1, S.data.frameCount - 1);
    const at = new Map();
    S.data.variants.forEach((v) => v.events.forEach((e) => {
      if (!EVENT_STYLE[e.kind]) return;
      const n = Math.min(last, Math.ceil(e.time * S.data.fps - 1e-9));
      if (!at.has(n)) at.set(n, []);
      const names = at.get(n);
      if (!names.includes(e.kind)) names.push(e.kind);
    }));
    const frames = [...at.keys()].sort((a, b) => a - b);
    // Labels that would touch go on a second row (about 5.5 px per character).
    const width = Math.max(1, box.clientWidth - 16), ends = [-Infinity, -Infinity];
    frames.forEach((n, i) => {
      const kinds = at.get(n);
      const m = document.createElement("div"); m.className = "marker";
      if (n / last < 0.04) m.classList.add("first");
      if (n / last > 0.96) m.classList.add("last");
      // The range input's thumb travels 8 px short of each end.
      m.style.left = "calc(8px + (100% - 16px) * " + n / last + ")";
      m.style.background = EVENT_STYLE[kinds[0]].color;
      m.dataset.label = kinds.map((k) => EVENT_STYLE[k].label).join(" · ");
      const x = 8 + width * n / last, half = m.dataset.label.length * 2.9;
      const row = x - half > ends[0] + 6 ? 0 : 1;
      ends[row] = x + half;
      if (row === 1) m.classList.add("low");
      m.title = m.dataset.label + " at frame " + n + " (" + (n / S.data.fps * 1000).toFixed(0) + " ms)";
      box.append(m);
    });
  }

  function buildMetrics() {
    const table = $("metrics"); table.textContent = "";
    const vs = S.data.variants;
    const ms = (s) => s == null ? "—" : (s * 1000).toFixed(0) + " ms";
    const rows = [
      ["Release velocity", (m) => m.releaseVelocity == null ? "—"
        : Math.round(Math.hypot(m.releaseVelocity.x, m.releaseVelocity.y)) + " pt/s <small>(" +
          Math.round(m.releaseVelocity.x) + ", " + Math.round(m.releaseVelocity.y) + ")</small>"],
      ["Released at", (m) => m.releaseTime == null ? "—" : ms(m.releaseTime) +
        (m.releaseProgress == null ? "" : " <small>p " + m.releaseProgress.toFixed(2) + "</small>")],
      ["Decision", (m) => m.decision == null ? "—" : m.decision],
      ["Settle time", (m) => m.settleDuration == null ? "—" : ms(m.settleDuration) + " <small>at " + ms(m.settleTime) + "</small>"],
      ["Overshoot", (m) => (m.overshoot * 100).toFixed(1) + " %"],
      ["Frames", (m) => m.frameCount + " <small>at " + m.fps + " fps</small>"],
    ];
    if (vs.length > 1) {
      const head = table.createTHead().insertRow();
      head.append(document.createElement("th"));
      vs.forEach((v, i) => {
        const th = document.createElement("th"); th.textContent = v.label;
        th.style.color = S.data.chart.colors[i]; head.append(th);
      });
    }
    const body = table.createTBody();
    for (const [name, cell] of rows) {
      const tr = body.insertRow();
      const th = document.createElement("th"); th.textContent = name; tr.append(th);
      for (const v of vs) { const td = tr.insertCell(); td.innerHTML = cell(v.metrics); }
    }
  }

  // --- Status and errors --------------------------------------------------------------
  function updateStatus() {
    const pill = $("status");
    pill.className = "pill";
    if (S.errors) { pill.textContent = "scene has errors"; pill.classList.add("bad"); return; }
    if (V.failed) { pill.textContent = "this browser cannot play the page's H.264 video: open the MP4 beside it"; pill.classList.add("bad"); return; }
    if (!S.data) { pill.textContent = S.live && !S.socketOpen ? "connecting…" : "rendering…"; pill.classList.add("busy"); return; }
    if (S.loaded < S.total) {
      pill.textContent = S.data.video ? "loading…" : "rendering " + S.loaded + " / " + S.total; pill.classList.add("busy"); return;
    }
    pill.textContent = (S.live ? "live · " : "") + S.data.frameCount + " frames · " + ((S.data.frameCount - 1) / S.data.fps).toFixed(2) + " s";
    pill.classList.add("ready");
  }

  function showErrors(text) {
    S.errors = text;
    $("errors").hidden = !text;
    $("error-text").textContent = text || "";
    updateStatus();
  }

  // The clip's warnings, as `flipbook check` prints them ("" or null: none shown).
  function showWarnings(text) {
    S.warnings = text;
    $("warnings").hidden = !text;
    $("warning-text").textContent = text || "";
  }

  // --- Playback ---------------------------------------------------------------------
  function seek(n) {
    if (!S.data) return;
    S.frame = Math.max(0, Math.min(S.data.frameCount - 1, Math.round(n)));
    S.pos = S.frame;
    draw();
  }

  function setPlaying(on) {
    if (!S.data) return;
    const wasPlaying = S.playing;
    if (on && S.frame >= S.data.frameCount - 1) { S.frame = 0; S.pos = 0; }
    S.playing = on;
    $("play-icon").setAttribute("d", on ? "M7 5h4v14H7zm6 0h4v14h-4z" : "M8 5v14l11-7z");
    $("play").setAttribute("aria-label", on ? "Pause" : "Play");
    S.lastTick = performance.now();
    if (V.el) {
      // The video keeps the time; the page follows the frames it presents.
      if (on) {
        V.el.playbackRate = +$("speed").value; V.el.loop = $("loop").checked;
        V.next = null;
        if (V.painted !== S.frame || V.el.ended) V.el.currentTime = (S.frame + 0.5) / S.data.fps;
        V.el.play().catch(() => setPlaying(false));
        if (!hasFrameCallback) requestAnimationFrame(tick);
      } else {
        V.el.pause();
        // Stopped where the video was: the frame on the canvases becomes the current one.
        if (wasPlaying && V.painted >= 0) { S.frame = V.painted; S.pos = V.painted; draw(); }
      }
      return;
    }
    if (on) requestAnimationFrame(tick);
  }

  function tick(now) {
    if (!S.playing) return;
    if (V.el) {   // a browser without requestVideoFrameCallback: follow the video's clock
      paintVideo(Math.floor(V.el.currentTime * S.data.fps + 1e-6));
      requestAnimationFrame(tick);
      return;
    }
    const dt = (now - S.lastTick) / 1000; S.lastTick = now;
    S.pos += dt * S.data.fps * +$("speed").value;
    const last = S.data.frameCount - 1;
    if (S.pos > last) {
      if ($("loop").checked) S.pos = S.pos % (last + 1);
      else { S.pos = last; S.frame = last; draw(); setPlaying(false); return; }
    }
    const n = Math.floor(S.pos);
    if (n !== S.frame) { S.frame = n; draw(); }
    requestAnimationFrame(tick);
  }

  $("play").onclick = () => setPlaying(!S.playing);
  $("prev").onclick = () => { setPlaying(false); seek(S.frame - 1); };
  $("next").onclick = () => { setPlaying(false); seek(S.frame + 1); };
  $("scrubber").oninput = (e) => { const n = +e.target.value; setPlaying(false); seek(n); };
  $("touches").onchange = () => draw();
  $("speed").onchange = () => { if (V.el) V.el.playbackRate = +$("speed").value; };
  $("loop").onchange = () => { if (V.el) V.el.loop = $("loop").checked; };
  $("device").onchange = () => layout();
  window.addEventListener("resize", layout);
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "SELECT" || !S.data) return;
    const step = e.shiftKey ? 10 : 1;
    if (e.key === "ArrowLeft") { setPlaying(false); seek(S.frame - step); e.preventDefault(); }
    else if (e.key === "ArrowRight") { setPlaying(false); seek(S.frame + step); e.preventDefault(); }
    else if (e.key === " ") { setPlaying(!S.playing); e.preventDefault(); }
    else if (e.key === "Home") { seek(0); e.preventDefault(); }
    else if (e.key === "End") { seek(S.data.frameCount - 1); e.preventDefault(); }
  });

  // --- Where the data comes from ------------------------------------------------------
  function connect() {
    const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live");
    ws.onopen = () => { S.socketOpen = true; updateStatus(); };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "clip") { showErrors(null); showWarnings(null); setClip(m.data); updateStatus(); }
      else if (m.type === "warnings") { if (m.generation === S.generation) showWarnings(m.warnings); }
      else if (m.type === "frame") frameArrived(m.generation, m.variant, m.frame);
      else if (m.type === "first") firstArrived(m);
      else if (m.type === "invalid") showErrors(m.errors);
    };
    ws.onclose = () => { S.socketOpen = false; updateStatus(); setTimeout(connect, 1000); };
  }

  // A link may say where to start: #frame=48&touches=1&device=1&speed=0.5&loop=0.
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("touches") === "1") $("touches").checked = true;
  if (wanted.get("device") === "1") $("device").checked = true;
  if (wanted.get("loop") === "0") $("loop").checked = false;
  if ([...$("speed").options].some((o) => o.value === wanted.get("speed"))) $("speed").value = wanted.get("speed");
  if (wanted.has("frame")) { S.frame = Math.max(0, parseInt(wanted.get("frame"), 10) || 0); S.pos = S.frame; }

  const embedded = $("flipbook-data").textContent.trim();
  if (embedded) {
    setClip(JSON.parse(embedded));
    if (!S.data.video) S.data.variants.forEach((v, i) => v.frames.forEach((_, f) => frameArrived(S.generation, i, f)));
  } else {
    S.live = true;
    connect();
  }
  updateStatus();

  // For tests and scripts: what the page shows.
  window.flipbook = {
    seek: (n) => { setPlaying(false); seek(n); return window.flipbook.status(); },
    status: () => ({
      generation: S.generation, loaded: S.loaded, total: S.total, complete: !!S.data && S.loaded === S.total,
      errors: S.errors, warnings: S.warnings, frame: S.frame, frameCount: S.data ? S.data.frameCount : 0,
      video: V.el ? { painted: V.painted, seeking: V.seekingTo !== null || V.el.seeking, failed: V.failed, currentTime: V.el.currentTime, paused: V.el.paused } : null,
      shown: S.cells.map((c) => c.shown),
    }),
    // The player's data (what the server or the page's JSON gave).
    data: () => S.data,
    // Frame pixels as the page holds them (the picture canvas of variant v), as a PNG data URL.
    pixels: (v) => S.cells[v].picture.toDataURL("image/png"),
    // The event names drawn over the chart, as boxes in chart pixels (tests check they do not overlap).
    chartLabels: () => S.chartLabels || [],
  };
})();
