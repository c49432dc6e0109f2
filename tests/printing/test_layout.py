"""Sheet geometry: grids, cut lines, crop marks, backs and refused options (pure, no DB)."""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printing.layout import (
    CARD_SIZES,
    CROP_MARK_LENGTH_MM,
    CROP_MARK_MIN_OFFSET_MM,
    CROP_MARK_OFFSET_MM,
    PAGE_SIZES,
    LayoutError,
    Rect,
    Segment,
    SheetOptions,
    back_slots,
    sheet_layout,
)

EPS = 1e-9
approx = pytest.approx


# ---------------------------------------------------------------- helpers


def grid_box(lay):
    left = min(s.x for s in lay.slots)
    top = min(s.y for s in lay.slots)
    right = max(s.x + s.w for s in lay.slots)
    bottom = max(s.y + s.h for s in lay.slots)
    return left, top, right, bottom


def overlap_area(a: Rect, b: Rect) -> float:
    w = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    h = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return max(w, 0.0) * max(h, 0.0)


def segment_enters(seg: Segment, r: Rect) -> bool:
    """True if the axis-aligned segment passes through the interior of r."""
    if seg.x1 == seg.x2:
        lo, hi = sorted((seg.y1, seg.y2))
        return r.x + EPS < seg.x1 < r.x + r.w - EPS and max(lo, r.y) < min(hi, r.y + r.h) - EPS
    lo, hi = sorted((seg.x1, seg.x2))
    return r.y + EPS < seg.y1 < r.y + r.h - EPS and max(lo, r.x) < min(hi, r.x + r.w) - EPS


def mark_start(lay) -> float:
    return max(CROP_MARK_OFFSET_MM, lay.options.bleed_mm)


def mark_starts(lay) -> tuple[float, float]:
    """How far outside the grid the (left and right, top and bottom) marks start: 3 mm or
    the bleed, or, with a gap and no bleed, nearer (never under 1 mm) where the grid needs it."""
    left, top, _right, _bottom = grid_box(lay)
    m, standard = lay.options.margin_mm, mark_start(lay)

    def one(spare: float) -> float:
        room = spare - m - 1.0  # what the grid leaves for the start, past a 1 mm mark
        if room >= standard - 1e-6:
            return standard
        assert lay.options.gap_mm > 0 and lay.options.bleed_mm == 0
        assert room >= CROP_MARK_MIN_OFFSET_MM - 1e-6
        return room

    return one(left), one(top)


def check_marks(lay) -> None:
    """Every rule the crop marks promise, for any layout."""
    m = lay.options.margin_mm
    left, top, right, bottom = grid_box(lay)
    start_x, start_y = mark_starts(lay)
    marks = list(lay.crop_marks)
    assert len(marks) == 2 * (len(lay.cut_x) + len(lay.cut_y))
    for seg in marks:
        # axis-aligned, 1 to 5 mm long
        assert seg.x1 == seg.x2 or seg.y1 == seg.y2
        length = abs(seg.x2 - seg.x1) + abs(seg.y2 - seg.y1)
        assert 1.0 - EPS <= length <= CROP_MARK_LENGTH_MM + EPS
        # inside the printable area (page minus printer margin)
        for x, y in ((seg.x1, seg.y1), (seg.x2, seg.y2)):
            assert m - EPS <= x <= lay.page_w - m + EPS
            assert m - EPS <= y <= lay.page_h - m + EPS
        # never over any card's picture
        for r in lay.bleed_rects:
            assert not segment_enters(seg, r)
    # both ends of every vertical cut line: one mark above the grid, one below;
    # of every horizontal one: one mark on its left, one on its right
    vertical = [((s.x1, s.x2), (s.y1, s.y2)) for s in marks]
    horizontal = [((s.y1, s.y2), (s.x1, s.x2)) for s in marks]
    check_line_ends(vertical, lay.cut_x, top, bottom, start_y)
    check_line_ends(horizontal, lay.cut_y, left, right, start_x)


def check_line_ends(marks, cuts, before: float, after: float, start: float) -> None:
    """Each cut line has one mark ending before the grid's edge `before` and one starting
    after `after`, each `start` from that edge. A mark is (across, along): its two
    coordinates across the cut lines and its two along them."""
    for cut in cuts:
        on_line = [along for across, along in marks if across[0] == across[1] == cut]
        ahead = [a for a in on_line if max(a) < before]
        behind = [b for b in on_line if min(b) > after]
        assert len(ahead) == 1 and len(behind) == 1 and len(on_line) == 2
        (a,) = ahead
        (b,) = behind
        assert before - max(a) >= start - 1e-6  # starts >= 3 mm (or the bleed) outside
        assert min(b) - after >= start - 1e-6
        assert a[0] == approx(before - start) and b[0] == approx(after + start)


def assert_rects(got, expected) -> None:
    assert len(got) == len(expected)
    for g, e in zip(got, expected, strict=True):
        assert (g.x, g.y, g.w, g.h) == approx(e, abs=1e-9)


# ---------------------------------------------------------------- A4 poker (the issue's numbers)


def test_a4_poker_is_three_by_three_with_the_issue_numbers():
    lay = sheet_layout(SheetOptions())
    assert (lay.page_w, lay.page_h) == (210.0, 297.0)
    assert (lay.card_w, lay.card_h) == (63.0, 88.0)
    assert (lay.columns, lay.rows, lay.per_page) == (3, 3, 9)
    assert lay.slots[0] == Rect(10.5, 16.5, 63, 88)
    assert lay.cut_x == (10.5, 73.5, 136.5, 199.5)
    assert lay.cut_y == (16.5, 104.5, 192.5, 280.5)
    # row by row from the top-left
    expected = [(x, y, 63, 88) for y in (16.5, 104.5, 192.5) for x in (10.5, 73.5, 136.5)]
    assert_rects(lay.slots, expected)
    # margins 10.5 / 16.5 on both sides
    left, top, right, bottom = grid_box(lay)
    assert (left, lay.page_w - right) == (10.5, 10.5)
    assert (top, lay.page_h - bottom) == (16.5, 16.5)
    # no bleed: the pictures are the slots
    assert lay.bleed_rects == lay.slots
    check_marks(lay)


def test_a4_poker_crop_marks_positions():
    lay = sheet_layout(SheetOptions())
    marks = set(lay.crop_marks)
    assert len(lay.crop_marks) == 16
    # above and below the grid: start 3 mm out, full 5 mm (the margin is far enough)
    for x in lay.cut_x:
        assert Segment(x, 13.5, x, 8.5) in marks
        assert Segment(x, 283.5, x, 288.5) in marks
    # left and right: 10.5 mm of margin, so the marks are cut at the 5 mm printer margin
    for y in lay.cut_y:
        assert Segment(7.5, y, 5.0, y) in marks
        assert Segment(202.5, y, 205.0, y) in marks


# ---------------------------------------------------------------- US Letter


def test_letter_poker_at_default_margin_keeps_two_rows():
    """Chosen behaviour, documented in printing/layout.py.

    Three rows of poker cards on Letter (3 x 88 = 264 mm of 279.4) leave 7.7 mm
    above and below; a mark must start 3 mm outside the trim, at 4.7 mm from the
    page edge, which is already inside the default 5 mm printer margin: no
    millimetre of mark would print. So at 5 mm the sheet is 3 x 2, centred.
    """
    assert (279.4 - 3 * 88) / 2 - CROP_MARK_OFFSET_MM < 5.0  # the reason, in numbers
    lay = sheet_layout(SheetOptions(page="letter"))
    assert (lay.page_w, lay.page_h) == (215.9, 279.4)
    assert (lay.columns, lay.rows) == (3, 2)
    left, top, right, bottom = grid_box(lay)
    assert left == approx(13.45) and lay.page_w - right == approx(13.45)
    assert top == approx((279.4 - 176) / 2) == approx(51.7)
    assert lay.page_h - bottom == approx(51.7)
    assert lay.cut_x == approx((13.45, 76.45, 139.45, 202.45))
    assert lay.cut_y == approx((51.7, 139.7, 227.7))
    check_marks(lay)


@pytest.mark.parametrize(
    ("margin", "top_mark_len"),
    [(3.7, 1.0), (3.5, 1.2), (3.0, 1.7), (0.0, 4.7)],
)
def test_letter_poker_three_by_three_with_a_narrower_printer_margin(margin, top_mark_len):
    lay = sheet_layout(SheetOptions(page="letter", margin_mm=margin))
    assert (lay.columns, lay.rows, lay.per_page) == (3, 3, 9)
    left, top, right, bottom = grid_box(lay)
    assert left == approx((215.9 - 189) / 2) == approx(13.45)
    assert lay.page_w - right == approx(13.45)
    assert top == approx((279.4 - 264) / 2) == approx(7.7)
    assert lay.page_h - bottom == approx(7.7)
    assert lay.cut_x == approx((13.45, 76.45, 139.45, 202.45))
    assert lay.cut_y == approx((7.7, 95.7, 183.7, 271.7))
    # the vertical cut lines' marks start at 4.7 mm and are cut short at the margin
    tops = [s for s in lay.crop_marks if s.x1 == s.x2 and s.y1 < top]
    assert len(tops) == 4
    for s in tops:
        assert s.y1 == approx(4.7)
        assert s.y2 == approx(margin)
        assert s.y1 - s.y2 == approx(top_mark_len)
    check_marks(lay)


def test_letter_three_rows_stop_just_past_one_millimetre_of_mark():
    assert sheet_layout(SheetOptions(page="letter", margin_mm=3.7)).rows == 3
    assert sheet_layout(SheetOptions(page="letter", margin_mm=3.71)).rows == 2


def test_letter_landscape_poker():
    lay = sheet_layout(SheetOptions(page="letter", landscape=True))
    assert (lay.page_w, lay.page_h) == (279.4, 215.9)
    assert (lay.columns, lay.rows) == (4, 2)
    left, top, _, _ = grid_box(lay)
    assert left == approx((279.4 - 252) / 2) and top == approx((215.9 - 176) / 2)
    check_marks(lay)


# ---------------------------------------------------------------- landscape and card sizes


def test_a4_landscape_poker_is_four_by_two():
    lay = sheet_layout(SheetOptions(landscape=True))
    assert (lay.page_w, lay.page_h) == (297.0, 210.0)
    assert (lay.columns, lay.rows, lay.per_page) == (4, 2, 8)
    assert lay.slots[0] == Rect(22.5, 17.0, 63, 88)
    assert lay.cut_x == (22.5, 85.5, 148.5, 211.5, 274.5)
    assert lay.cut_y == (17.0, 105.0, 193.0)
    check_marks(lay)


@pytest.mark.parametrize(
    ("card", "size", "grid", "cut_x", "cut_y"),
    [
        ("poker", (63, 88), (3, 3), (10.5, 73.5, 136.5, 199.5), (16.5, 104.5, 192.5, 280.5)),
        (
            "mini",
            (44, 63),
            (4, 4),
            (17.0, 61.0, 105.0, 149.0, 193.0),
            (22.5, 85.5, 148.5, 211.5, 274.5),
        ),
        ("bridge", (57, 89), (3, 3), (19.5, 76.5, 133.5, 190.5), (15.0, 104.0, 193.0, 282.0)),
        ("tarot", (70, 120), (2, 2), (35.0, 105.0, 175.0), (28.5, 148.5, 268.5)),
    ],
)
def test_each_card_size_on_a4(card, size, grid, cut_x, cut_y):
    lay = sheet_layout(SheetOptions(card=card))
    assert (lay.card_w, lay.card_h) == size == CARD_SIZES[card]
    assert (lay.columns, lay.rows) == grid
    assert lay.per_page == grid[0] * grid[1]
    assert lay.cut_x == cut_x
    assert lay.cut_y == cut_y
    assert lay.slots[0] == Rect(cut_x[0], cut_y[0], *size)
    assert lay.slots[-1] == Rect(cut_x[-2], cut_y[-2], *size)
    check_marks(lay)


def test_page_and_card_names_ignore_case_and_spaces():
    assert sheet_layout(SheetOptions(page=" A4 ", card="Poker")).per_page == 9


# ---------------------------------------------------------------- gap


def test_three_millimetre_gap():
    lay = sheet_layout(SheetOptions(gap_mm=3))
    # 3 columns need 3 * 63 + 2 * 3 = 195 mm: 7.5 mm on each side, so the left and right
    # marks start 1.5 mm outside the grid (7.5 - 5 margin - 1 mm of mark)
    assert (lay.columns, lay.rows) == (3, 3)
    # both edges of every column and row are cut
    assert lay.cut_x == approx((7.5, 70.5, 73.5, 136.5, 139.5, 202.5))
    assert lay.cut_y == (13.5, 101.5, 104.5, 192.5, 195.5, 283.5)
    expected = [(x, y, 63, 88) for y in (13.5, 104.5, 195.5) for x in (7.5, 73.5, 139.5)]
    assert_rects(lay.slots, expected)
    assert mark_starts(lay) == approx((1.5, 3.0))
    # crop marks only outside the grid, never in the gaps between cards
    left, top, right, bottom = grid_box(lay)
    for s in lay.crop_marks:
        if s.x1 == s.x2:
            assert max(s.y1, s.y2) < top or min(s.y1, s.y2) > bottom
        else:
            assert max(s.x1, s.x2) < left or min(s.x1, s.x2) > right
    assert len(lay.crop_marks) == 2 * (6 + 6)
    check_marks(lay)


@pytest.mark.parametrize(
    ("gap", "grid", "start_x"), [(1.5, (3, 3), 3.0), (2, (3, 3), 2.5), (3.5, (3, 3), 1.0)]
)
def test_a_gap_brings_the_side_marks_nearer_instead_of_costing_a_column(gap, grid, start_x):
    lay = sheet_layout(SheetOptions(gap_mm=gap))
    assert (lay.columns, lay.rows) == grid
    assert mark_starts(lay) == approx((start_x, 3.0))
    check_marks(lay)


def test_marks_come_no_nearer_than_a_millimetre_nor_with_a_bleed():
    # 4 mm: three columns would leave the marks 0.5 mm from the cards
    lay = sheet_layout(SheetOptions(gap_mm=4))
    assert (lay.columns, lay.rows) == (2, 3) and mark_starts(lay) == (3.0, 3.0)
    # with a bleed the marks start where the picture ends, whatever the gap
    lay = sheet_layout(SheetOptions(gap_mm=2, bleed_mm=0.5))
    assert (lay.columns, lay.rows) == (2, 3)
    check_marks(lay)
    # Letter without a gap stays 3 x 2 at a 5 mm margin (the margin's help text says why)
    assert sheet_layout(SheetOptions(page="letter")).rows == 2


def test_gap_slots_are_spaced_by_card_plus_gap():
    lay = sheet_layout(SheetOptions(card="mini", gap_mm=2.5))
    xs = sorted({s.x for s in lay.slots})
    ys = sorted({s.y for s in lay.slots})
    assert [b - a for a, b in itertools.pairwise(xs)] == approx([46.5] * (len(xs) - 1))
    assert [b - a for a, b in itertools.pairwise(ys)] == approx([65.5] * (len(ys) - 1))
    check_marks(lay)


def test_a_vanishing_gap_does_not_double_the_cut_lines():
    lay = sheet_layout(SheetOptions(gap_mm=1e-12))
    assert (lay.columns, lay.rows) == (3, 3)
    assert lay.cut_x == approx((10.5, 73.5, 136.5, 199.5))
    assert len(lay.crop_marks) == 16
    check_marks(lay)


# ---------------------------------------------------------------- bleed


def test_three_millimetre_bleed():
    plain = sheet_layout(SheetOptions())
    lay = sheet_layout(SheetOptions(bleed_mm=3))
    # the marks already start 3 mm out, so the grid does not change
    assert lay.slots == plain.slots
    assert lay.cut_x == plain.cut_x and lay.cut_y == plain.cut_y
    expected = [(s.x - 3, s.y - 3, 69, 94) for s in lay.slots]
    assert_rects(lay.bleed_rects, expected)
    assert lay.bleed_rects[0] == Rect(7.5, 13.5, 69, 94)
    # the envelope is the grid grown by the bleed
    env = (
        min(r.x for r in lay.bleed_rects),
        min(r.y for r in lay.bleed_rects),
        max(r.x + r.w for r in lay.bleed_rects),
        max(r.y + r.h for r in lay.bleed_rects),
    )
    assert env == (7.5, 13.5, 202.5, 283.5)
    # marks start where the bleed ends (never on it)
    for s in lay.crop_marks:
        for r in lay.bleed_rects:
            assert not segment_enters(s, r)
    assert Segment(10.5, 13.5, 10.5, 8.5) in lay.crop_marks
    assert Segment(7.5, 16.5, 5.0, 16.5) in lay.crop_marks
    check_marks(lay)


def test_bleed_wider_than_the_mark_offset_pushes_the_marks_out():
    lay = sheet_layout(SheetOptions(bleed_mm=4))
    assert (lay.columns, lay.rows) == (3, 3)
    assert Segment(10.5, 12.5, 10.5, 7.5) in lay.crop_marks  # 4 mm out, 5 mm long
    assert Segment(6.5, 16.5, 5.0, 16.5) in lay.crop_marks  # 4 mm out, cut at the margin
    check_marks(lay)


def test_five_millimetre_bleed_costs_a_column_on_a4():
    # marks 5 mm out + 1 mm of mark + 5 mm printer margin: 3 * 63 + 2 * 11 = 211 > 210
    lay = sheet_layout(SheetOptions(bleed_mm=5))
    assert (lay.columns, lay.rows) == (2, 3)
    assert lay.cut_x == (42.0, 105.0, 168.0)
    check_marks(lay)


def test_gap_and_bleed_give_each_card_its_own_bleed():
    lay = sheet_layout(SheetOptions(gap_mm=4, bleed_mm=2))
    for s, r in zip(lay.slots, lay.bleed_rects, strict=True):
        assert (r.x, r.y, r.w, r.h) == approx((s.x - 2, s.y - 2, s.w + 4, s.h + 4))
    # the 4 mm gap is exactly covered by the two neighbours' 2 mm bleeds
    assert overlap_area(lay.bleed_rects[0], lay.bleed_rects[1]) == approx(0.0, abs=1e-9)
    check_marks(lay)


@pytest.mark.parametrize(
    "options",
    [
        SheetOptions(),
        SheetOptions(page="letter"),
        SheetOptions(page="letter", margin_mm=3),
        SheetOptions(landscape=True, card="tarot"),
        SheetOptions(card="mini", gap_mm=1, bleed_mm=2),
        SheetOptions(card="bridge", bleed_mm=5, margin_mm=0),
        SheetOptions(page="letter", landscape=True, card="mini", gap_mm=3, bleed_mm=3),
    ],
)
def test_crop_mark_rules_hold(options):
    check_marks(sheet_layout(options))


# ---------------------------------------------------------------- backs


def test_long_edge_backs_are_mirrored_left_right():
    lay = sheet_layout(SheetOptions())
    backs = back_slots(lay)
    assert len(backs) == 9
    assert backs[0] == Rect(136.5, 16.5, 63, 88)  # slot 0 is top-left; its back is top-right
    assert backs[2] == Rect(10.5, 16.5, 63, 88)
    assert backs[4] == lay.slots[4]  # the centre stays
    assert backs[6] == Rect(136.5, 192.5, 63, 88)
    assert back_slots(lay, flip="long") == backs


def test_short_edge_backs_are_mirrored_top_bottom():
    lay = sheet_layout(SheetOptions())
    backs = back_slots(lay, flip="short")
    assert backs[0] == Rect(10.5, 192.5, 63, 88)  # back of the top-left is bottom-left
    assert backs[2] == Rect(136.5, 192.5, 63, 88)
    assert backs[6] == Rect(10.5, 16.5, 63, 88)


def test_backs_shifted_by_the_printer_offset():
    lay = sheet_layout(SheetOptions())
    plain = back_slots(lay)
    shifted = back_slots(lay, offset_mm=(1.5, -0.75))
    for p, s in zip(plain, shifted, strict=True):
        assert (s.x, s.y, s.w, s.h) == approx((p.x + 1.5, p.y - 0.75, p.w, p.h))
    assert shifted[0] == Rect(138.0, 15.75, 63, 88)
    short = back_slots(lay, flip="short", offset_mm=(-1, 2))
    assert short[0] == Rect(9.5, 194.5, 63, 88)


def test_landscape_long_edge_turns_over_the_horizontal_edge():
    lay = sheet_layout(SheetOptions(landscape=True))  # 4 x 2 on 297 x 210
    assert back_slots(lay)[0] == Rect(22.5, 105.0, 63, 88)  # bottom-left
    assert back_slots(lay, flip="short")[0] == Rect(211.5, 17.0, 63, 88)  # top-right


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize(
    "options",
    [SheetOptions(), SheetOptions(gap_mm=3, bleed_mm=2), SheetOptions(page="letter")],
)
def test_backs_land_on_the_front_grid(flip, options):
    lay = sheet_layout(options)
    backs = back_slots(lay, flip=flip)

    def key(r):
        return (round(r.x, 6), round(r.y, 6), r.w, r.h)

    assert sorted(map(key, backs)) == sorted(map(key, lay.slots))


def test_unknown_flip_is_refused():
    with pytest.raises(LayoutError) as err:
        back_slots(sheet_layout(SheetOptions()), flip="sideways")
    assert err.value.code == "unknown_flip"
    assert "sideways" in err.value.message_en and "sideways" in err.value.message_hu


def test_bad_offset_is_refused():
    with pytest.raises(LayoutError) as err:
        back_slots(sheet_layout(SheetOptions()), offset_mm=(math.nan, 0))
    assert err.value.code == "bad_number"


# ---------------------------------------------------------------- refused options


def refused(**kwargs) -> LayoutError:
    with pytest.raises(LayoutError) as err:
        sheet_layout(SheetOptions(**kwargs))
    assert isinstance(err.value, ValueError)
    assert str(err.value) == err.value.message_en
    assert err.value.message("en") == err.value.message_en
    assert err.value.message("hu") == err.value.message_hu
    assert err.value.message_hu != err.value.message_en
    return err.value


def test_tarot_on_a4_with_a_forty_millimetre_margin():
    e = refused(card="tarot", margin_mm=40)
    assert e.code == "bad_number"
    assert e.message_en == "The printer margin must be between 0 and 30 mm (got 40 mm)."
    assert e.message_hu == "A nyomtató margója 0 és 30 mm között lehet (megadott érték: 40 mm)."


def test_negative_gap():
    e = refused(gap_mm=-1)
    assert e.code == "bad_number"
    assert e.message_en == "The gap between cards cannot be negative (got -1 mm)."
    assert e.message_hu == "A kártyák közötti hézag nem lehet negatív (megadott érték: -1 mm)."


def test_unknown_card():
    e = refused(card="jumbo")
    assert e.code == "unknown_card"
    assert "jumbo" in e.message_en and "poker, mini, bridge, tarot" in e.message_en
    assert "Ismeretlen kártyaméret" in e.message_hu and "jumbo" in e.message_hu


def test_unknown_page():
    e = refused(page="a3")
    assert e.code == "unknown_page"
    assert "a3" in e.message_en and "a4, letter" in e.message_en
    assert "Ismeretlen lapméret" in e.message_hu


@pytest.mark.parametrize("bleed", [5.5, 6, -0.5])
def test_bleed_out_of_range(bleed):
    e = refused(bleed_mm=bleed)
    assert e.code == "bad_number"
    assert "between 0 and 5 mm" in e.message_en
    assert "kifutó 0 és 5 mm között" in e.message_hu
    assert str(bleed) in e.message_en and str(bleed).replace(".", ",") in e.message_hu


def test_bleed_of_exactly_five_millimetres_is_allowed():
    assert sheet_layout(SheetOptions(bleed_mm=5)).per_page == 6


@pytest.mark.parametrize("margin", [-1, 30.5])
def test_margin_out_of_range(margin):
    assert refused(margin_mm=margin).code == "bad_number"


@pytest.mark.parametrize(
    "field", [{"gap_mm": math.nan}, {"bleed_mm": math.inf}, {"margin_mm": "five"}]
)
def test_not_a_number(field):
    e = refused(**field)
    assert e.code == "bad_number"
    assert "number" in e.message_en and "szám" in e.message_hu


def test_does_not_fit(monkeypatch):
    # No built-in card misses a built-in page within the allowed margin and
    # bleed (the property test below checks that), so a poster-sized card is
    # registered to reach the message.
    monkeypatch.setitem(CARD_SIZES, "poster", (300.0, 400.0))
    e = refused(card="poster", bleed_mm=4)
    assert e.code == "does_not_fit"
    assert e.message_en == (
        "A poster card (300 × 400 mm) does not fit on a portrait A4 page (210 × 297 mm): "
        "with a 5 mm printer margin, a 4 mm bleed and room for crop marks it needs "
        "320 × 420 mm. Choose a smaller card, a larger or landscape page, "
        "or a smaller margin or bleed."
    )
    assert e.message_hu.startswith(
        "A poster kártya (300 × 400 mm) nem fér el az álló A4 lapon (210 × 297 mm): "
        "5 mm-es nyomtatómargóval, 4 mm-es kifutóval és a vágójelek helyével "
        "320 × 420 mm kellene."
    )


def test_does_not_fit_in_one_direction_only(monkeypatch):
    monkeypatch.setitem(CARD_SIZES, "banner", (50.0, 280.0))
    e = refused(card="banner", landscape=True)
    assert e.code == "does_not_fit"
    assert "landscape A4" in e.message_en and "a fekvő A4 lapon" in e.message_hu
    assert sheet_layout(SheetOptions(card="banner", margin_mm=0)).rows == 1


# ---------------------------------------------------------------- properties


options_strategy = st.builds(
    SheetOptions,
    page=st.sampled_from(sorted(PAGE_SIZES)),
    landscape=st.booleans(),
    card=st.sampled_from(sorted(CARD_SIZES)),
    gap_mm=st.floats(0, 25, allow_nan=False, allow_infinity=False),
    bleed_mm=st.floats(0, 5, allow_nan=False, allow_infinity=False),
    margin_mm=st.floats(0, 30, allow_nan=False, allow_infinity=False),
)


@settings(max_examples=300, deadline=None)
@given(options_strategy)
def test_property_slots_fit_do_not_overlap_and_are_centred(options):
    lay = sheet_layout(options)  # every valid built-in combination fits
    m = options.margin_mm
    assert len(lay.slots) == len(lay.bleed_rects) == lay.per_page >= 1
    for r in (*lay.slots, *lay.bleed_rects):
        assert r.x >= m - EPS and r.y >= m - EPS
        assert r.x + r.w <= lay.page_w - m + EPS
        assert r.y + r.h <= lay.page_h - m + EPS
    for a, b in itertools.combinations(lay.slots, 2):
        assert overlap_area(a, b) <= EPS
    left, top, right, bottom = grid_box(lay)
    assert abs(left - (lay.page_w - right)) <= 1e-9
    assert abs(top - (lay.page_h - bottom)) <= 1e-9
    # the largest grid: one more column or row would leave no room for the marks (with a
    # gap and no bleed, for marks 1 mm from the cards), or would not fit even without a gap
    room = max(CROP_MARK_OFFSET_MM, options.bleed_mm) + 1.0
    g = options.gap_mm
    nearest = CROP_MARK_MIN_OFFSET_MM + 1.0 if g > 0 and options.bleed_mm == 0 else room
    cols, rows = lay.columns, lay.rows
    for n, card, page in ((cols, lay.card_w, lay.page_w), (rows, lay.card_h, lay.page_h)):
        assert (n + 1) * card + n * g > page - 2 * (m + nearest) + EPS or (
            (n + 1) * card > page - 2 * (m + room) + EPS
        )
    check_marks(lay)


@settings(max_examples=100, deadline=None)
@given(
    options_strategy,
    st.sampled_from(["long", "short"]),
    st.tuples(st.floats(-5, 5), st.floats(-5, 5)),
)
def test_property_backs_mirror_and_shift(options, flip, offset):
    lay = sheet_layout(options)
    once = back_slots(lay, flip=flip)
    twice = back_slots(dataclasses.replace(lay, slots=once), flip=flip)
    assert_rects(twice, [(s.x, s.y, s.w, s.h) for s in lay.slots])
    shifted = back_slots(lay, flip=flip, offset_mm=offset)
    for a, b in zip(once, shifted, strict=True):
        assert (b.x - a.x, b.y - a.y) == approx(offset, abs=1e-9)
