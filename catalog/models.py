"""Games, sets and cards.

A card row holds the facts of docs/card-data.md as columns: every field a
search filters on is a real, indexed column. The folded `search_*` columns are
derived from the facts in `Card.refresh_search_fields()` so that searches are
blind to accents and case without per-query work.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from catalog import vocab
from catalog.cardfile import SET_CODE
from catalog.collation import name_order
from catalog.text import fold_words
from core.bilingual import for_reader


def card_sort_key(game_position: int, set_position: int, number: int) -> int:
    return (game_position * 10_000 + set_position) * 10_000_000 + number


class Game(models.Model):
    slug = models.SlugField(_("id"), max_length=32, unique=True)
    name = models.CharField(_("name"), max_length=100)
    name_en = models.CharField(_("English name"), max_length=100, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)

    class Meta:
        ordering = ["position", "slug"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("catalog:game", args=[self.slug])

    @property
    def display_name(self) -> str:
        return for_reader(self.name, self.name_en)


class Provenance(models.TextChoices):
    RULEBOOK = "rulebook", _("from the rulebook")
    RECONSTRUCTED = "reconstructed", _("reconstructed")
    DEMO = "demo", _("demo (original)")
    IMPORTED = "imported", _("imported")


class CardSet(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="sets")
    code = models.CharField(_("code"), max_length=16, unique=True)
    name = models.CharField(_("name"), max_length=200)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    release_year = models.PositiveSmallIntegerField(_("release year"), null=True, blank=True)
    symbol = models.CharField(_("symbol"), max_length=16, blank=True)
    position = models.PositiveSmallIntegerField(_("position"), default=0)
    provenance = models.CharField(_("provenance"), max_length=16, choices=Provenance.choices)
    description = models.TextField(_("description"), blank=True)
    description_en = models.TextField(_("English description"), blank=True)

    class Meta:
        ordering = ["game__position", "position", "code"]
        verbose_name = _("set")
        verbose_name_plural = _("sets")

    def __str__(self) -> str:
        return f"{self.code} {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("catalog:set", args=[self.code])

    def clean(self) -> None:
        # The loader's rule (catalog.cardfile), so the admin cannot save a code that card
        # codes, deck codes and a list's "(AF1) 54" cannot carry ("AF-2" has a "-").
        if not SET_CODE.fullmatch(self.code):
            message = _("A set code is 1 to 8 capital letters and digits, such as AF1.")
            raise ValidationError({"code": ValidationError(message, code="bad_set_code")})

    @property
    def display_name(self) -> str:
        return for_reader(self.name, self.name_en)

    @property
    def display_description(self) -> str:
        return for_reader(self.description, self.description_en)


class Card(models.Model):
    code = models.CharField(_("code"), max_length=32, unique=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    card_set = models.ForeignKey(
        CardSet, on_delete=models.PROTECT, related_name="cards", verbose_name=_("set")
    )
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=200)
    name_en = models.CharField(_("English name"), max_length=200, blank=True)
    type = models.CharField(_("type"), max_length=32)
    subtypes = models.JSONField(_("subtypes"), default=list, blank=True)
    rarity = models.CharField(_("rarity"), max_length=16, null=True, blank=True)
    cost = models.SmallIntegerField(_("cost"), null=True, blank=True)
    attack = models.SmallIntegerField(_("attack"), null=True, blank=True)
    defense = models.SmallIntegerField(_("defense"), null=True, blank=True)
    glory_bonus = models.SmallIntegerField(_("glory bonus"), null=True, blank=True)
    helper_mark = models.CharField(_("helper mark"), max_length=1, null=True, blank=True)
    text = models.TextField(_("rules text"), blank=True)
    text_en = models.TextField(_("English rules text"), blank=True)
    flavor = models.TextField(_("flavour text"), blank=True)
    letter = models.CharField(_("letter"), max_length=1, null=True, blank=True)
    shape = models.CharField(_("shape"), max_length=16, null=True, blank=True)
    digit = models.SmallIntegerField(_("digit"), null=True, blank=True)
    group = models.CharField(_("group"), max_length=16, null=True, blank=True)
    next_group = models.CharField(_("next group"), max_length=16, null=True, blank=True)
    effects = models.JSONField(_("effects"), default=list, blank=True)
    image = models.ImageField(_("art"), upload_to="card-art/", blank=True)
    provenance = models.CharField(_("provenance"), max_length=16, choices=Provenance.choices)
    reconstructed_fields = models.JSONField(_("reconstructed fields"), default=list, blank=True)

    # Derived, folded copies for searching (see refresh_search_fields).
    search_name = models.CharField(max_length=420, db_index=True, editable=False, default="")
    search_text = models.TextField(editable=False, default="")
    search_flavor = models.TextField(editable=False, default="")
    # What `order:name` sorts by (catalog.collation): the Hungarian name in Hungarian
    # order (cs after c, ö after o), and the name an English page shows
    # (display_name) in English order.
    sort_name_hu = models.CharField(max_length=255, db_index=True, editable=False, default="")
    sort_name_en = models.CharField(max_length=255, db_index=True, editable=False, default="")
    subtype_keys = models.CharField(max_length=200, editable=False, default="")  # "|a|b|"
    # game, set and number in one indexed integer: the default order, which
    # lets "first 60 matches" walk an index instead of sorting every match.
    sort_key = models.BigIntegerField(editable=False, default=0, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["sort_key"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        # Each filterable column is indexed together with sort_key: the index
        # answers "col = x" and also yields those cards already in the
        # default order, so the first page reads 60 entries, not every match.
        indexes = [
            models.Index(fields=[column, "sort_key"], name=f"card_{column}_sorted")
            for column in (
                "game", "card_set", "type", "rarity", "cost", "attack", "defense",
                "glory_bonus", "helper_mark", "letter", "shape", "digit", "group",
                "next_group", "provenance",
            )
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def save(self, *args, **kwargs):
        from catalog.tokens import reindex

        self.refresh_search_fields()
        with transaction.atomic():
            super().save(*args, **kwargs)
            reindex([self])

    def get_absolute_url(self) -> str:
        return reverse("catalog:card", args=[self.code])

    def clean(self) -> None:
        from catalog.cardfile import card_problems

        problems = card_problems(self.as_data(), game=self.game.slug if self.game_id else None)
        if problems:
            by_field: dict[str, list[str]] = {}
            for problem in problems:
                by_field.setdefault(problem.field or "__all__", []).append(problem.message)
            raise ValidationError(by_field)

    # --- derived fields -------------------------------------------------------
    def refresh_search_fields(self) -> None:
        # Padded with spaces so "starts a word" is a plain LIKE '% stem%'.
        self.search_name = f" {fold_words(self.name)} | {fold_words(self.name_en)} "
        self.search_text = f" {fold_words(self.text)} | {fold_words(self.text_en)} "
        self.search_flavor = f" {fold_words(self.flavor)} "
        self.sort_name_hu = name_order(self.name, "hu")
        self.sort_name_en = name_order(self.name_en or self.name, "en")
        self.subtype_keys = "|" + "".join(f"{s}|" for s in self.subtypes)
        self.sort_key = card_sort_key(self.game.position, self.card_set.position, self.number)

    # --- presentation -------------------------------------------------------
    def as_data(self) -> dict:
        """The card as a docs/card-data.md record (key order as in the files)."""
        return {
            "code": self.code,
            "number": self.number,
            "name": self.name,
            "name_en": self.name_en or None,
            "type": self.type,
            "subtypes": list(self.subtypes),
            "rarity": self.rarity,
            "cost": self.cost,
            "attack": self.attack,
            "defense": self.defense,
            "glory_bonus": self.glory_bonus,
            "helper_mark": self.helper_mark,
            "text": self.text,
            "text_en": self.text_en,
            "flavor": self.flavor,
            "letter": self.letter,
            "shape": self.shape,
            "digit": self.digit,
            "group": self.group,
            "next_group": self.next_group,
            "effects": self.effects,
            "provenance": self.provenance,
            "reconstructed_fields": list(self.reconstructed_fields),
        }

    @property
    def display_name(self) -> str:
        return for_reader(self.name, self.name_en)

    @property
    def display_text(self) -> str:
        return for_reader(self.text, self.text_en)

    @property
    def type_label(self) -> str:
        return vocab.TYPES.label(self.type, get_language())

    @property
    def subtype_labels(self) -> list[str]:
        return [vocab.SUBTYPES.label(s, get_language()) for s in self.subtypes]

    @property
    def rarity_label(self) -> str:
        return vocab.RARITIES.label(self.rarity, get_language())

    @property
    def shape_label(self) -> str:
        return vocab.SHAPES.label(self.shape, get_language())

    @property
    def group_label(self) -> str:
        return vocab.GROUPS.label(self.group, get_language())

    @property
    def next_group_label(self) -> str:
        return vocab.GROUPS.label(self.next_group, get_language())


class CardToken(models.Model):
    """One folded word of a card's name, text or flavour, or one subtype (catalog.tokens)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="tokens")
    field = models.CharField(max_length=1)
    word = models.CharField(max_length=64)

    class Meta:
        indexes = [models.Index(fields=["field", "word", "card"], name="cardtoken_lookup")]

    def __str__(self) -> str:
        return f"{self.card_id} {self.field}:{self.word}"
