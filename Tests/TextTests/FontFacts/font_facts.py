#!/usr/bin/env python3
"""Prints the facts about Inter that TextTests hard-code, read with independent tools:
fontTools (tables, outline areas and bounds) and HarfBuzz (kerned advances).
    pip install fonttools uharfbuzz
    python3 Tests/TextTests/FontFacts/font_facts.py
"""
import os
import uharfbuzz as hb
from fontTools.ttLib import TTFont
from fontTools.pens.areaPen import AreaPen
from fontTools.pens.boundsPen import BoundsPen

FONTS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "Sources", "Text", "Fonts")


def main():
    for weight in ["Regular", "Bold"]:
        path = os.path.join(FONTS, f"Inter-{weight}.otf")
        tt = TTFont(path)
        hhea, cmap, hmtx, glyphs = tt["hhea"], tt.getBestCmap(), tt["hmtx"], tt.getGlyphSet()
        print(f"{weight}: unitsPerEm {tt['head'].unitsPerEm}, hhea ascent {hhea.ascent} "
              f"descent {hhea.descent} lineGap {hhea.lineGap}")
        for ch in "I H m i n u \u2026".split(" ") + [" "]:
            name = cmap[ord(ch)]
            area, bounds = AreaPen(glyphs), BoundsPen(glyphs)
            glyphs[name].draw(area)
            glyphs[name].draw(bounds)
            print(f"  {ch!r}: advance {hmtx[name][0]}, area {area.value}, bounds {bounds.bounds}")
        if weight != "Regular":
            continue
        font = hb.Font(hb.Face(hb.Blob.from_file_path(path)))
        for text in ["minimum", "mmmmmmmmmm", "Hamburgefonstiv", "AVATAR Tokyo", "To", "Photos",
                     "Wave, yet"]:
            plain = sum(hmtx[cmap[ord(c)]][0] for c in text)
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            hb.shape(font, buf, {"kern": True, "liga": False, "calt": False, "clig": False})
            kerned = sum(p.x_advance for p in buf.glyph_positions)
            print(f"  {text!r}: hmtx sum {plain}, HarfBuzz kerned {kerned}")


main()
