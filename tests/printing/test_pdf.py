"""The print-and-play PDF, read back with pypdf: sizes, positions, marks, backs, embedding.

Pure: real card faces rendered by catalog.render from the shipped Álomfogó
data, saved as JPEG files; no database. Positions are checked by running the
page's content stream through a tiny interpreter (q/Q, cm, re W, m/l, w, G,
Do) and comparing what it draws with the layout converted to points.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from catalog.render import render_back, render_face
from printing.alignment import write_alignment_sheet
from printing.layout import LayoutError, Rect, SheetOptions, back_slots, sheet_layout
from printing.pdf import PrintItem, PrintOptions, as_jpeg, clip_rects, write_pdf

ROOT = Path(__file__).resolve().parents[2]
MM = 72 / 25.4
TOLERANCE_PT = 0.5


def alomfogo_records() -> list[dict]:
    found = []
    for path in sorted((ROOT / "catalog" / "data" / "alomfogo").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["cards"]:
            found.append({"game": data["game"], "set": data["set"]["code"], "image": None, **card})
    return found


@pytest.fixture(scope="module")
def faces(tmp_path_factory) -> dict:
    """15 distinct Álomfogó faces and the back as JPEG files, plus a bleed variant."""
    folder = tmp_path_factory.mktemp("faces")
    records = alomfogo_records()[:15]
    paths = []
    for record in records:
        path = folder / f"{record['code']}.jpg"
        render_face(record).save(path, "JPEG", quality=92, subsampling=0)
        paths.append(path)
    back = folder / "back.jpg"
    render_back("alomfogo").save(back, "JPEG", quality=92, subsampling=0)
    bled = folder / "bleed2.jpg"
    render_face(records[0], bleed_mm=2).save(bled, "JPEG", quality=92)
    bled_back = folder / "back-bleed2.jpg"
    render_back("alomfogo", bleed_mm=2).save(bled_back, "JPEG", quality=92)
    return {
        "codes": [r["code"] for r in records],
        "paths": paths,
        "back": back,
        "bleed": bled,
        "bleed_back": bled_back,
    }


def items_of(faces: dict, count: int = 1, distinct: int = 15) -> list[PrintItem]:
    return [
        PrintItem(key=code, image_path=path, count=count)
        for code, path in list(zip(faces["codes"], faces["paths"], strict=True))[:distinct]
    ]


def write(items, options) -> tuple[PdfReader, object, bytes]:
    out = io.BytesIO()
    summary = write_pdf(items, options, out)
    data = out.getvalue()
    return PdfReader(io.BytesIO(data)), summary, data


# ---------------------------------------------------------------- content stream reader


def _multiply(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def _apply(m: list[float], x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def scan(page) -> dict:
    """What the page draws: images (name, x, y, w, h), clip rects, stroked segments."""
    state = {"ctm": [1.0, 0, 0, 1.0, 0, 0], "width": 1.0, "grey": 0.0}
    stack, images, clips, segments = [], [], [], []
    path, start, pending_rect = [], None, None
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        op = operator.decode() if isinstance(operator, bytes) else operator
        nums = [float(v) for v in operands] if op in {"cm", "m", "l", "re", "w", "G"} else []
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _multiply(nums, state["ctm"])
        elif op == "w":
            state["width"] = nums[0]
        elif op == "G":
            state["grey"] = nums[0]
        elif op == "re":
            x, y = _apply(state["ctm"], nums[0], nums[1])
            pending_rect = (x, y, nums[2] * state["ctm"][0], nums[3] * state["ctm"][3])
        elif op in {"W", "W*"}:
            clips.append(pending_rect)
        elif op == "m":
            start = _apply(state["ctm"], *nums)
        elif op == "l":
            end = _apply(state["ctm"], *nums)
            path.append((*start, *end))
            start = end
        elif op == "S":
            segments += [(*s, state["width"], state["grey"]) for s in path]
            path = []
        elif op == "n":
            path = []
        elif op == "Do":
            m = state["ctm"]
            images.append((str(operands[0]), m[4], m[5], m[0], m[3]))
    return {"images": images, "clips": clips, "segments": segments}


def pt_rect(layout, r: Rect) -> tuple[float, float, float, float]:
    return (r.x * MM, (layout.page_h - r.y - r.h) * MM, r.w * MM, r.h * MM)


def close(a, b, tolerance: float = TOLERANCE_PT) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def image_rects(page) -> list[tuple[float, float, float, float]]:
    return [image[1:] for image in scan(page)["images"]]


# ---------------------------------------------------------------- tests


def test_a4_sheet_size_and_viewer_preferences(faces):
    reader, summary, _ = write(items_of(faces, distinct=9), PrintOptions(sheet=SheetOptions()))
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(595.28, abs=0.01)
    assert float(box.height) == pytest.approx(841.89, abs=0.01)
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/PrintScaling"] == "/None"
    assert preferences["/Duplex"] == "/Simplex"
    assert (summary.pages, summary.sheets, summary.cards) == (1, 1, 9)


def test_each_face_sits_in_its_slot_clipped_to_the_trim(faces):
    sheet = SheetOptions()
    layout = sheet_layout(sheet)
    reader, _, _ = write(items_of(faces, distinct=9), PrintOptions(sheet=sheet))
    drawn = scan(reader.pages[0])
    assert len(drawn["images"]) == 9
    for slot, rect in zip(layout.slots, image_rects(reader.pages[0]), strict=True):
        assert close(rect, pt_rect(layout, slot))
    # Card order: the items in order, row by row from the top-left.
    names = [image[0] for image in drawn["images"]]
    assert len(set(names)) == 9
    for slot, clip in zip(layout.slots, drawn["clips"], strict=True):
        assert close(clip, pt_rect(layout, slot))
    # Slot 0 is the top-left card: 10.5 mm from the left, 16.5 mm from the top.
    x, y, w, h = image_rects(reader.pages[0])[0]
    assert x == pytest.approx(10.5 * MM, abs=TOLERANCE_PT)
    assert y + h == pytest.approx((297 - 16.5) * MM, abs=TOLERANCE_PT)


def test_letter_landscape_mini_cards_follow_the_layout(faces):
    sheet = SheetOptions(page="letter", landscape=True, card="mini", gap_mm=2)
    layout = sheet_layout(sheet)
    reader, summary, _ = write(items_of(faces, count=2), PrintOptions(sheet=sheet))
    page = reader.pages[0]
    assert float(page.mediabox.width) == pytest.approx(279.4 * MM, abs=0.01)
    assert summary.cards == 30
    rects = image_rects(page)
    assert len(rects) == layout.per_page
    for slot, rect in zip(layout.slots, rects, strict=True):
        assert close(rect, pt_rect(layout, slot))


def test_a_bled_face_covers_its_bleed_rect_and_stops_at_its_neighbours(faces):
    sheet = SheetOptions(bleed_mm=2)
    layout = sheet_layout(sheet)
    items = [PrintItem("bled", faces["bleed"], layout.per_page)]
    reader, _, _ = write(items, PrintOptions(sheet=sheet))
    drawn = scan(reader.pages[0])
    for bleed_rect, rect in zip(layout.bleed_rects, image_rects(reader.pages[0]), strict=True):
        assert close(rect, pt_rect(layout, bleed_rect))
    # Gap 0: the picture runs out by the bleed on the grid's outer sides only.
    first, columns = layout.slots[0], layout.columns
    assert close(drawn["clips"][0], pt_rect(layout, Rect(first.x - 2, first.y - 2, 65, 90)))
    middle = layout.slots[columns + 1]
    assert close(drawn["clips"][columns + 1], pt_rect(layout, middle))


def test_with_a_gap_the_bleed_is_per_card_and_halfway_to_a_neighbour(faces):
    sheet = SheetOptions(bleed_mm=3, gap_mm=4)
    layout = sheet_layout(sheet)
    clips = clip_rects(layout)
    left, right = layout.slots[0], layout.slots[1]
    assert clips[0].x == pytest.approx(left.x - 3)
    assert clips[0].x + clips[0].w == pytest.approx(left.x + left.w + 2)  # half the gap
    assert clips[1].x == pytest.approx(right.x - 2)
    reader, _, _ = write([PrintItem("bled", faces["bleed"], 2)], PrintOptions(sheet=sheet))
    drawn = scan(reader.pages[0])
    assert close(drawn["clips"][0], pt_rect(layout, clips[0]))


def test_a_face_without_bleed_is_not_stretched_over_the_bleed(faces):
    sheet = SheetOptions(bleed_mm=2)
    layout = sheet_layout(sheet)
    reader, _, _ = write(items_of(faces, distinct=1), PrintOptions(sheet=sheet))
    assert close(image_rects(reader.pages[0])[0], pt_rect(layout, layout.slots[0]))


def test_crop_marks_are_where_the_layout_says_and_cut_lines_are_optional(faces):
    sheet = SheetOptions()
    layout = sheet_layout(sheet)
    reader, _, _ = write(items_of(faces, distinct=3), PrintOptions(sheet=sheet))
    segments = scan(reader.pages[0])["segments"]
    marks = [s[:4] for s in segments if s[4] == pytest.approx(0.5) and s[5] == 0]
    expected = [
        (s.x1 * MM, (layout.page_h - s.y1) * MM, s.x2 * MM, (layout.page_h - s.y2) * MM)
        for s in layout.crop_marks
    ]
    assert len(marks) == len(expected) == 16
    for mark, want in zip(marks, expected, strict=True):
        assert close(mark, want)
    assert not [s for s in segments if s[4] == pytest.approx(0.25)]

    reader, _, _ = write(
        items_of(faces, distinct=3), PrintOptions(sheet=sheet, crop_marks=False, cut_lines=True)
    )
    segments = scan(reader.pages[0])["segments"]
    assert not [s for s in segments if s[4] == pytest.approx(0.5)]
    cuts = [s[:4] for s in segments if s[4] == pytest.approx(0.25)]
    vertical = sorted(round(s[0] / MM, 2) for s in cuts if s[0] == s[2])
    horizontal = sorted(round(layout.page_h - s[1] / MM, 2) for s in cuts if s[1] == s[3])
    assert vertical == [10.5, 73.5, 136.5, 199.5]
    assert horizontal == [16.5, 104.5, 192.5, 280.5]
    for x1, y1, x2, y2 in cuts:  # full length: from printer margin to printer margin
        assert abs(x2 - x1) + abs(y2 - y1) > (layout.page_w - 10) * MM - TOLERANCE_PT


def test_back_pages_follow_each_front_mirrored_without_marks(faces):
    sheet = SheetOptions()
    layout = sheet_layout(sheet)
    options = PrintOptions(sheet=sheet, backs=faces["back"], title="Teszt")
    reader, summary, _ = write(items_of(faces, distinct=13), options)
    assert (summary.pages, summary.sheets) == (4, 2)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    back = reader.pages[1]
    mirrored = back_slots(layout, flip="long")
    assert len(image_rects(back)) == 9
    for want, rect in zip(mirrored, image_rects(back), strict=True):
        assert close(rect, pt_rect(layout, want))
    # The back of slot 0 (top-left on the front) is top-right on the back page.
    x, y, w, h = image_rects(back)[0]
    assert x == pytest.approx((210 - 10.5 - 63) * MM, abs=TOLERANCE_PT)
    assert y + h == pytest.approx((297 - 16.5) * MM, abs=TOLERANCE_PT)
    assert len({name for name, *_ in scan(back)["images"]}) == 1
    assert not scan(back)["segments"]
    # The last sheet holds 4 cards: 4 backs, behind exactly those 4 slots.
    last_back = image_rects(reader.pages[3])
    assert len(last_back) == 4
    for want, rect in zip(mirrored[:4], last_back, strict=True):
        assert close(rect, pt_rect(layout, want))
    text = [page.extract_text() for page in reader.pages]
    assert "Teszt · 1/2 · előlap / front" in text[0]
    assert "Teszt · 1/2 · hátlap / back" in text[1]
    assert "Teszt · 2/2 · előlap / front" in text[2]


def test_short_edge_flip_and_back_offset(faces):
    sheet = SheetOptions()
    layout = sheet_layout(sheet)
    options = PrintOptions(
        sheet=sheet, backs=faces["back"], flip="short", back_offset_mm=(1.5, -2.0)
    )
    reader, _, _ = write(items_of(faces, distinct=2), options)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    rects = image_rects(reader.pages[1])
    expected = back_slots(layout, flip="short", offset_mm=(1.5, -2.0))
    for want, rect in zip(expected[:2], rects, strict=True):
        assert close(rect, pt_rect(layout, want))
    # Short edge on a portrait page: slot 0's back is at the bottom left, shifted 1.5 mm right.
    x, y, _, _ = rects[0]
    assert x == pytest.approx((10.5 + 1.5) * MM, abs=TOLERANCE_PT)
    assert y == pytest.approx((16.5 + 2.0) * MM, abs=TOLERANCE_PT)


def test_a_45_card_deck_of_15_faces_embeds_16_jpeg_images_once(faces):
    options = PrintOptions(sheet=SheetOptions(), backs=faces["back"])
    reader, summary, data = write(items_of(faces, count=3), options)
    assert (summary.cards, summary.sheets, summary.pages) == (45, 5, 10)
    assert summary.distinct_images == 16
    images = {}
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        for name, _x, _y, _w, _h in scan(page)["images"]:
            reference = xobjects.raw_get(name)
            images[reference.idnum] = reference.get_object()
    assert len(images) == 16
    assert data.count(b"/Subtype /Image") == 16
    assert b"ASCII85Decode" not in data
    originals = {p.read_bytes() for p in [*faces["paths"], faces["back"]]}
    for image in images.values():
        assert image["/Filter"] == ["/DCTDecode"]
        assert image._data in originals  # the JPEG bytes passed through untouched
    distinct_bytes = sum(len(b) for b in originals)
    assert len(data) <= 1.05 * distinct_bytes + 100_000


def test_quantity_three_prints_three_copies(faces):
    one = write_pdf(items_of(faces, count=3), PrintOptions(sheet=SheetOptions()), io.BytesIO())
    out = io.BytesIO()
    three = write_pdf(items_of(faces, count=3), PrintOptions(sheet=SheetOptions(), quantity=3), out)
    assert three.cards == 3 * one.cards == 135
    assert three.pages == 3 * one.pages == 15
    assert len(PdfReader(out).pages) == 15
    assert three.distinct_images == one.distinct_images == 15


def test_progress_counts_every_picture_and_page_up_to_the_total(faces):
    calls = []
    summary = write_pdf(
        items_of(faces, count=2),
        PrintOptions(sheet=SheetOptions(), backs=faces["back"]),
        io.BytesIO(),
        progress=lambda done, total: calls.append((done, total)),
    )
    total = 2 * summary.cards + summary.pages  # each card's face and back, each page
    assert [done for done, _ in calls] == list(range(1, total + 1))
    assert {t for _, t in calls} == {total}


def test_a_png_face_is_converted_once_to_a_full_chroma_jpeg(tmp_path, faces):
    png = tmp_path / "face.png"
    Image.open(faces["paths"][0]).save(png)
    first = as_jpeg(png)
    stamp = first.stat().st_mtime_ns
    assert first.suffix == ".jpg" and first != png
    assert as_jpeg(png) == first and first.stat().st_mtime_ns == stamp
    with Image.open(first) as picture:
        assert picture.format == "JPEG"
        assert picture.layer[0][1:3] == picture.layer[1][1:3]  # 4:4:4: no chroma subsampling
    reader, summary, data = write([PrintItem("png", png, 2)], PrintOptions(sheet=SheetOptions()))
    assert summary.distinct_images == 1
    assert data.count(b"/Subtype /Image") == 1 and b"/DCTDecode" in data
    assert as_jpeg(faces["paths"][0]) == faces["paths"][0]


def test_impossible_options_give_a_clear_error_and_write_nothing(faces, tmp_path):
    out = io.BytesIO()
    with pytest.raises(LayoutError) as problem:
        write_pdf(items_of(faces), PrintOptions(sheet=SheetOptions(page="a3")), out)
    assert problem.value.code == "unknown_page"
    with pytest.raises(LayoutError) as problem:
        write_pdf(items_of(faces), PrintOptions(sheet=SheetOptions(bleed_mm=6)), out)
    assert problem.value.code == "bad_number"
    with pytest.raises(LayoutError) as problem:
        write_pdf([], PrintOptions(sheet=SheetOptions()), out)
    assert problem.value.code == "empty" and problem.value.message_hu
    with pytest.raises(LayoutError) as problem:
        write_pdf(items_of(faces), PrintOptions(sheet=SheetOptions(), quantity=0), out)
    assert problem.value.code == "bad_number"
    missing = [PrintItem("x", tmp_path / "missing.jpg", 1)]
    with pytest.raises(LayoutError) as problem:
        write_pdf(missing, PrintOptions(sheet=SheetOptions()), out)
    assert problem.value.code == "missing_image"
    assert out.getvalue() == b""


def test_the_alignment_sheet_has_a_front_and_a_back_whose_cross_lands_after_the_flip():
    out = io.BytesIO()
    sheet = SheetOptions()
    write_alignment_sheet(out, sheet, flip="long", offset_mm=(1.5, -0.5))
    reader = PdfReader(io.BytesIO(out.getvalue()))
    assert len(reader.pages) == 2
    assert float(reader.pages[1].mediabox.height) == pytest.approx(841.89, abs=0.01)
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert (preferences["/PrintScaling"], preferences["/Duplex"]) == (
        "/None",
        "/DuplexFlipLongEdge",
    )
    assert b"ASCII85Decode" not in out.getvalue()
    # The back's cross: its two 60 mm arms meet where the front's centre lands.
    arms = [s for s in scan(reader.pages[1])["segments"] if s[4] == pytest.approx(0.6)]
    horizontal = next(s for s in arms if s[1] == s[3])
    vertical = next(s for s in arms if s[0] == s[2])
    assert (horizontal[0] + horizontal[2]) / 2 == pytest.approx((105 + 1.5) * MM, abs=0.01)
    assert horizontal[1] == pytest.approx((297 - 148.5 + 0.5) * MM, abs=0.01)
    assert vertical[0] == pytest.approx((105 + 1.5) * MM, abs=0.01)
    # The front: a crosshair at the centre, rulers along the edges, scales labelled.
    front = scan(reader.pages[0])["segments"]
    assert any(
        s[0] == s[2] == pytest.approx(105 * MM) and abs(s[1] - s[3]) > 59 * MM for s in front
    )
    assert any(
        s[1] == s[3] == pytest.approx(148.5 * MM) and abs(s[0] - s[2]) > 59 * MM for s in front
    )
    ruler_ticks = [s for s in front if abs(s[1] - (297 - 5) * MM) < 0.01 and s[0] == s[2]]
    assert len(ruler_ticks) == 201  # one per millimetre from 5 to 205 mm
    front_text = reader.pages[0].extract_text()
    assert "dx" in front_text and "dy" in front_text and "100 mm" in front_text
    back_text = reader.pages[1].extract_text()
    assert "Így használd" in back_text and "How to use it" in back_text


def test_the_alignment_scales_read_as_corrections():
    """Long edge, portrait: a back printed 2 mm too far right shows 2 mm left of the centre."""
    out = io.BytesIO()
    write_alignment_sheet(out, SheetOptions(), flip="long")
    text = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    found = []
    text.extract_text(
        visitor_text=lambda t, cm, tm, *_: found.append((t.strip(), tm[4] * cm[0] + cm[4]))
    )
    left_of_centre = [value for value, x in found if value in {"−5", "+5"} and x < 105 * MM - 3]
    # Left of the centre on the horizontal scale means: move the back left, i.e. a negative dx.
    assert "−5" in left_of_centre


def embedded(font) -> bool:
    """True if the font's program is in the file (a subset counts)."""
    fonts = [font, *(font.get("/DescendantFonts") or [])]
    for each in fonts:
        descriptor = each.get_object().get("/FontDescriptor")
        if descriptor is not None and any(
            key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3")
        ):
            return True
    return False


def test_no_page_declares_a_font_that_is_not_embedded(faces):
    """Print shops' preflight refuses unembedded fonts; ReportLab declared Helvetica on
    every page although no text uses it."""
    options = PrintOptions(sheet=SheetOptions(), backs=faces["back"], title="Őrült Űrlény")
    reader, _, _ = write(items_of(faces, distinct=10), options)
    out = io.BytesIO()
    write_alignment_sheet(out, SheetOptions(), flip="long")
    alignment = PdfReader(io.BytesIO(out.getvalue()))
    for page in [*reader.pages, *alignment.pages]:
        fonts = page["/Resources"].get("/Font") or {}
        for name, font in fonts.items():
            font = font.get_object()
            assert embedded(font), (name, font.get("/BaseFont"))


def test_a_two_millimetre_gap_still_puts_nine_poker_cards_on_a4(faces):
    """45 cards: 5 sheets, each with its back (not 8 sheets of 6)."""
    options = PrintOptions(sheet=SheetOptions(gap_mm=2), backs=faces["back"])
    reader, summary, _ = write(items_of(faces, count=3), options)
    assert (summary.cards, summary.sheets, summary.pages, len(reader.pages)) == (45, 5, 10, 10)


def test_each_item_may_bring_its_own_back(faces, tmp_path):
    other = tmp_path / "other-back.jpg"
    Image.new("RGB", (744, 1039), (10, 90, 40)).save(other, "JPEG")
    items = items_of(faces, distinct=3)
    items[1].back = other
    reader, summary, _ = write(items, PrintOptions(sheet=SheetOptions(), backs=faces["back"]))
    assert (summary.pages, summary.distinct_images) == (2, 5)
    back = reader.pages[1]
    xobjects = back["/Resources"]["/XObject"]
    drawn = [xobjects[name].get_object()._data for name, *_ in scan(back)["images"]]
    plain, own = faces["back"].read_bytes(), other.read_bytes()
    assert drawn == [plain, own, plain]
    # Only items' own backs: an item without one is refused before anything is written.
    items[1].back, items[0].back = None, other
    out = io.BytesIO()
    with pytest.raises(LayoutError) as problem:
        write_pdf(items, PrintOptions(sheet=SheetOptions()), out)
    assert problem.value.code == "missing_back" and out.getvalue() == b""
