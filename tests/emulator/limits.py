"""Discord's limits on messages, embeds, components, modals and commands, as problem lists."""

from __future__ import annotations

import re
from typing import Any

from . import components as comp
from .message_model import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, FLAG_LOADING

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL_MAX = 6000
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
ACTION_ROWS_MAX = 5
ROW_BUTTONS_MAX = 5
V2_COMPONENTS_MAX = 40
V2_TEXT_MAX = 4000
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100
SELECT_PLACEHOLDER_MAX = 150
SELECT_VALUES_MAX = 25
MODAL_TITLE_MAX = 45
MODAL_COMPONENTS_MAX = 5
TEXT_INPUT_LABEL_MAX = 45
TEXT_INPUT_PLACEHOLDER_MAX = 100
TEXT_INPUT_LENGTH_MAX = 4000
ATTACHMENTS_MAX = 10
CHOICES_MAX = 25
COMMANDS_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")

MESSAGE_FLAGS_ALLOWED = 4 | FLAG_EPHEMERAL | FLAG_LOADING | 4096 | 8192 | FLAG_COMPONENTS_V2
V2_TOP_LEVEL = {
    comp.ACTION_ROW,
    comp.SECTION,
    comp.TEXT_DISPLAY,
    comp.MEDIA_GALLERY,
    comp.FILE,
    comp.SEPARATOR,
    comp.CONTAINER,
}

Problems = list[str]


def _length(problems: Problems, where: str, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        if minimum:
            problems.append(f"{where}: required")
        return
    if not isinstance(value, str):
        problems.append(f"{where}: must be a string, got {type(value).__name__}")
        return
    if len(value) > maximum:
        problems.append(f"{where}: must be {maximum} or fewer in length (got {len(value)})")
    elif len(value) < minimum:
        problems.append(f"{where}: must be at least {minimum} in length")


def embed_problems(embeds: list[dict[str, Any]]) -> Problems:
    """Problems with a message's embeds: counts, per-field lengths and the 6000 total."""
    problems: Problems = []
    if len(embeds) > EMBEDS_MAX:
        problems.append(f"embeds: must be {EMBEDS_MAX} or fewer in length (got {len(embeds)})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds.{i}"
        title, description = embed.get("title"), embed.get("description")
        _length(problems, f"{where}.title", title, EMBED_TITLE_MAX)
        _length(problems, f"{where}.description", description, EMBED_DESCRIPTION_MAX)
        total += len(title or "") + len(description or "")
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS_MAX:
            problems.append(
                f"{where}.fields: must be {EMBED_FIELDS_MAX} or fewer (got {len(fields)})"
            )
        for j, item in enumerate(fields):
            _length(problems, f"{where}.fields.{j}.name", item.get("name"), EMBED_FIELD_NAME_MAX, 1)
            _length(
                problems, f"{where}.fields.{j}.value", item.get("value"), EMBED_FIELD_VALUE_MAX, 1
            )
            total += len(item.get("name") or "") + len(item.get("value") or "")
        footer = (embed.get("footer") or {}).get("text")
        author = (embed.get("author") or {}).get("name")
        _length(problems, f"{where}.footer.text", footer, EMBED_FOOTER_MAX)
        _length(problems, f"{where}.author.name", author, EMBED_AUTHOR_MAX)
        total += len(footer or "") + len(author or "")
    if total > EMBED_TOTAL_MAX:
        problems.append(f"embeds: total text must be {EMBED_TOTAL_MAX} or fewer (got {total})")
    return problems


def _button_problems(problems: Problems, where: str, button: dict[str, Any]) -> None:
    style = button.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems.append(f"{where}.style: invalid button style {style!r}")
    _length(problems, f"{where}.label", button.get("label"), BUTTON_LABEL_MAX)
    if style == comp.LINK_STYLE:
        if not button.get("url"):
            problems.append(f"{where}.url: link buttons need a url")
        if button.get("custom_id") is not None:
            problems.append(f"{where}.custom_id: link buttons cannot have a custom_id")
    elif style == comp.PREMIUM_STYLE:
        if not button.get("sku_id"):
            problems.append(f"{where}.sku_id: premium buttons need a sku_id")
    elif button.get("custom_id") is None:
        problems.append(f"{where}.custom_id: required for non-link buttons")
    if style != comp.PREMIUM_STYLE and not button.get("label") and not button.get("emoji"):
        problems.append(f"{where}: a button needs a label or an emoji")


def _select_problems(problems: Problems, where: str, select: dict[str, Any]) -> None:
    _length(problems, f"{where}.placeholder", select.get("placeholder"), SELECT_PLACEHOLDER_MAX)
    min_values = select.get("min_values", 1)
    max_values = select.get("max_values", 1)
    if not isinstance(min_values, int) or not 0 <= min_values <= SELECT_VALUES_MAX:
        problems.append(f"{where}.min_values: must be between 0 and {SELECT_VALUES_MAX}")
    if not isinstance(max_values, int) or not 1 <= max_values <= SELECT_VALUES_MAX:
        problems.append(f"{where}.max_values: must be between 1 and {SELECT_VALUES_MAX}")
    elif isinstance(min_values, int) and min_values > max_values:
        problems.append(f"{where}: min_values ({min_values}) exceeds max_values ({max_values})")
    if select.get("type") != comp.STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
        problems.append(
            f"{where}.options: must have 1 to {SELECT_OPTIONS_MAX} (got {len(options)})"
        )
    if isinstance(max_values, int) and options and max_values > len(options):
        problems.append(f"{where}.max_values: {max_values} exceeds the {len(options)} options")
    values: set[str] = set()
    for k, option in enumerate(options):
        _length(
            problems, f"{where}.options.{k}.label", option.get("label"), SELECT_OPTION_TEXT_MAX, 1
        )
        _length(
            problems, f"{where}.options.{k}.value", option.get("value"), SELECT_OPTION_TEXT_MAX, 1
        )
        _length(
            problems,
            f"{where}.options.{k}.description",
            option.get("description"),
            SELECT_OPTION_TEXT_MAX,
        )
        if option.get("value") in values:
            problems.append(f"{where}.options.{k}.value: duplicate value {option.get('value')!r}")
        values.add(option.get("value"))
    defaults = sum(1 for o in options if o.get("default"))
    if isinstance(max_values, int) and defaults > max_values:
        problems.append(f"{where}.options: {defaults} defaults exceed max_values {max_values}")


def _row_problems(problems: Problems, where: str, row: dict[str, Any]) -> None:
    items = row.get("components") or []
    if not items:
        problems.append(f"{where}.components: an action row cannot be empty")
    selects = [c for c in items if c.get("type") in comp.SELECT_TYPES]
    if selects and len(items) > 1:
        problems.append(f"{where}: a select menu must be alone in its action row")
    if len(items) > ROW_BUTTONS_MAX:
        problems.append(f"{where}.components: at most {ROW_BUTTONS_MAX} buttons per row")
    for item in items:
        if item.get("type") not in comp.SELECT_TYPES | {comp.BUTTON}:
            problems.append(f"{where}: component type {item.get('type')} not allowed in a row")


def component_problems(components: list[dict[str, Any]], flags: int) -> Problems:
    """Problems with a message's components, classic action rows or components v2."""
    problems: Problems = []
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if not v2:
        if len(components) > ACTION_ROWS_MAX:
            problems.append(
                f"components: at most {ACTION_ROWS_MAX} action rows (got {len(components)})"
            )
        for i, row in enumerate(components):
            if row.get("type") != comp.ACTION_ROW:
                problems.append(
                    f"components.{i}: top-level components must be action rows "
                    "unless the message has the IS_COMPONENTS_V2 flag"
                )
    else:
        total = sum(1 for _ in comp.walk(components))
        if total > V2_COMPONENTS_MAX:
            problems.append(f"components: at most {V2_COMPONENTS_MAX} components (got {total})")
        for i, top in enumerate(components):
            if top.get("type") not in V2_TOP_LEVEL:
                problems.append(f"components.{i}: type {top.get('type')} not allowed at top level")
        text = sum(
            len(c.get("content") or "")
            for c in comp.walk(components)
            if c.get("type") == comp.TEXT_DISPLAY
        )
        if text > V2_TEXT_MAX:
            problems.append(
                f"components: text displays total {text} characters (max {V2_TEXT_MAX})"
            )
    seen: set[str] = set()
    for n, component in enumerate(comp.walk(components)):
        where = f"components[{n}]"
        kind = component.get("type")
        if kind == comp.ACTION_ROW:
            _row_problems(problems, where, component)
        elif kind == comp.BUTTON:
            _button_problems(problems, where, component)
        elif kind in comp.SELECT_TYPES:
            _select_problems(problems, where, component)
        elif kind == comp.TEXT_INPUT:
            problems.append(f"{where}: text inputs are only allowed in modals")
        custom_id = component.get("custom_id")
        if custom_id is not None:
            _length(problems, f"{where}.custom_id", custom_id, CUSTOM_ID_MAX, 1)
            if custom_id in seen:
                problems.append(f"{where}.custom_id: {custom_id!r} is not unique in the message")
            seen.add(custom_id)
    return problems


GAME_CONTROL = re.compile(r"ramsch:[am]:[0-9]+:[0-9]+:")
"""The custom_id of a game action or mark control of this project (a hand message)."""
CARD_CONTROL = re.compile(r"ramsch:(?:a:[0-9]+:[0-9]+:play|m:[0-9]+:[0-9]+):[CSHD][AKQJT987]")
"""The custom_id of a card button: a card to play, or a card marked (to lay away, push...)."""
GAME_CONTROL_ROWS_MAX = 2
GAME_LABEL_MAX = 20


def game_control_problems(components: list[dict[str, Any]]) -> Problems:
    """The project's own rule for a message with game controls (not Discord's): at most two
    action rows of controls other than cards, and no button label over 20 characters."""
    ids = [str(c.get("custom_id") or "") for c in comp.walk(components)]
    if not any(GAME_CONTROL.match(custom_id) for custom_id in ids):
        return []
    problems: Problems = []
    rows = [row for row in comp.walk(components) if row.get("type") == comp.ACTION_ROW]
    other = [
        row
        for row in rows
        if any(
            not CARD_CONTROL.fullmatch(str(item.get("custom_id") or ""))
            for item in row.get("components") or []
        )
    ]
    if len(other) > GAME_CONTROL_ROWS_MAX:
        problems.append(
            f"components: at most {GAME_CONTROL_ROWS_MAX} rows of controls besides the cards "
            f"(got {len(other)})"
        )
    for n, item in enumerate(comp.walk(components)):
        label = item.get("label")
        if item.get("type") == comp.BUTTON and label and len(label) > GAME_LABEL_MAX:
            problems.append(
                f"components[{n}].label: {label!r} is longer than {GAME_LABEL_MAX} characters"
            )
    return problems


def message_problems(
    *,
    content: str,
    embeds: list[dict[str, Any]],
    components: list[dict[str, Any]],
    flags: int,
    attachment_sizes: list[int],
    size_limit: int,
    has_poll: bool = False,
    has_stickers: bool = False,
) -> Problems:
    """All limit problems of a message as it would stand after a create or an edit."""
    problems: Problems = []
    _length(problems, "content", content, CONTENT_MAX)
    problems += embed_problems(embeds)
    problems += component_problems(components, flags)
    problems += game_control_problems(components)
    if flags & ~MESSAGE_FLAGS_ALLOWED:
        problems.append(f"flags: {flags} has bits that cannot be set on a message")
    if flags & FLAG_COMPONENTS_V2 and (content or embeds):
        problems.append("content/embeds: not allowed with the IS_COMPONENTS_V2 flag")
    if len(attachment_sizes) > ATTACHMENTS_MAX:
        problems.append(
            f"attachments: at most {ATTACHMENTS_MAX} files (got {len(attachment_sizes)})"
        )
    for i, size in enumerate(attachment_sizes):
        if size > size_limit:
            problems.append(f"files[{i}]: {size} bytes exceeds the {size_limit} byte limit")
    return problems


def is_empty(
    *, content: str, embeds: list[Any], components: list[Any], attachments: int, extra: bool
) -> bool:
    """True if a message would have nothing to show."""
    return not (content.strip() or embeds or components or attachments or extra)


def _text_input_problems(
    problems: Problems, where: str, item: dict[str, Any], labelled: bool
) -> None:
    if item.get("style") not in (1, 2):
        problems.append(f"{where}.style: must be 1 (short) or 2 (paragraph)")
    _length(
        problems, f"{where}.label", item.get("label"), TEXT_INPUT_LABEL_MAX, 0 if labelled else 1
    )
    _length(problems, f"{where}.placeholder", item.get("placeholder"), TEXT_INPUT_PLACEHOLDER_MAX)
    _length(problems, f"{where}.value", item.get("value"), TEXT_INPUT_LENGTH_MAX)
    low, high = item.get("min_length"), item.get("max_length")
    if low is not None and not 0 <= low <= TEXT_INPUT_LENGTH_MAX:
        problems.append(f"{where}.min_length: must be between 0 and {TEXT_INPUT_LENGTH_MAX}")
    if high is not None and not 1 <= high <= TEXT_INPUT_LENGTH_MAX:
        problems.append(f"{where}.max_length: must be between 1 and {TEXT_INPUT_LENGTH_MAX}")
    if low is not None and high is not None and low > high:
        problems.append(f"{where}: min_length exceeds max_length")


def modal_problems(data: dict[str, Any]) -> Problems:
    """Problems with a modal (interaction callback type 9)."""
    problems: Problems = []
    _length(problems, "data.title", data.get("title"), MODAL_TITLE_MAX, 1)
    _length(problems, "data.custom_id", data.get("custom_id"), CUSTOM_ID_MAX, 1)
    top = data.get("components") or []
    if not 1 <= len(top) <= MODAL_COMPONENTS_MAX:
        problems.append(f"data.components: must have 1 to {MODAL_COMPONENTS_MAX} (got {len(top)})")
    seen: set[str] = set()
    for i, component in enumerate(top):
        where = f"data.components.{i}"
        kind = component.get("type")
        if kind == comp.ACTION_ROW:
            inner = component.get("components") or []
            if len(inner) != 1 or inner[0].get("type") != comp.TEXT_INPUT:
                problems.append(f"{where}: a modal action row holds exactly one text input")
            for item in inner:
                _text_input_problems(problems, f"{where}.components.0", item, labelled=False)
        elif kind == comp.LABEL:
            _length(problems, f"{where}.label", component.get("label"), TEXT_INPUT_LABEL_MAX, 1)
            _length(problems, f"{where}.description", component.get("description"), 100)
            inner_item = component.get("component")
            if not isinstance(inner_item, dict):
                problems.append(f"{where}.component: required")
            elif inner_item.get("type") == comp.TEXT_INPUT:
                _text_input_problems(problems, f"{where}.component", inner_item, labelled=True)
            elif inner_item.get("type") in comp.SELECT_TYPES:
                _select_problems(problems, f"{where}.component", inner_item)
        elif kind != comp.TEXT_DISPLAY:
            problems.append(f"{where}: type {kind} is not allowed in a modal")
        for item in comp.interactive([component]):
            custom_id = str(item.get("custom_id") or "")
            _length(problems, f"{where}.custom_id", custom_id, CUSTOM_ID_MAX, 1)
            if custom_id in seen:
                problems.append(f"{where}.custom_id: {custom_id!r} is not unique in the modal")
            seen.add(custom_id)
    return problems


def choice_problems(choices: list[dict[str, Any]]) -> Problems:
    """Problems with autocomplete choices (interaction callback type 8)."""
    problems: Problems = []
    if len(choices) > CHOICES_MAX:
        problems.append(f"data.choices: at most {CHOICES_MAX} (got {len(choices)})")
    for i, choice in enumerate(choices):
        _length(problems, f"data.choices.{i}.name", choice.get("name"), 100, 1)
        value = choice.get("value")
        if isinstance(value, str):
            _length(problems, f"data.choices.{i}.value", value, 100)
    return problems


DISCORD_LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
"""The locales Discord accepts as keys of name_localizations / description_localizations."""


def _localization_problems(problems: Problems, where: str, item: dict[str, Any]) -> None:
    """Localised names (as valid as the name) and descriptions (1-100), known locales only."""
    for field, name_like in (("name_localizations", True), ("description_localizations", False)):
        localized = item.get(field)
        if localized is None:
            continue
        if not isinstance(localized, dict):
            problems.append(f"{where}.{field}: must be an object")
            continue
        for locale, text in localized.items():
            here = f"{where}.{field}.{locale}"
            if locale not in DISCORD_LOCALES:
                problems.append(f"{here}: {locale!r} is not a valid locale")
            elif name_like and (
                not isinstance(text, str) or not COMMAND_NAME.match(text) or text != text.lower()
            ):
                problems.append(f"{here}: {text!r} is not a valid lower-case name")
            elif not name_like:
                _length(problems, here, text, 100, 1)


def _option_problems(problems: Problems, where: str, options: list[dict[str, Any]]) -> None:
    if len(options) > COMMAND_OPTIONS_MAX:
        problems.append(f"{where}.options: at most {COMMAND_OPTIONS_MAX} (got {len(options)})")
    names: set[str] = set()
    optional_seen = False
    for i, option in enumerate(options):
        here = f"{where}.options.{i}"
        name = option.get("name", "")
        if not COMMAND_NAME.match(name) or name != name.lower():
            problems.append(f"{here}.name: {name!r} is not a valid lower-case option name")
        if name in names:
            problems.append(f"{here}.name: duplicate option {name!r}")
        names.add(name)
        _length(problems, f"{here}.description", option.get("description"), 100, 1)
        _localization_problems(problems, here, option)
        if len(option.get("choices") or []) > CHOICES_MAX:
            problems.append(f"{here}.choices: at most {CHOICES_MAX}")
        for j, choice in enumerate(option.get("choices") or []):
            _length(problems, f"{here}.choices.{j}.name", choice.get("name"), 100, 1)
            for locale, text in (choice.get("name_localizations") or {}).items():
                if locale not in DISCORD_LOCALES:
                    problems.append(f"{here}.choices.{j}: {locale!r} is not a valid locale")
                _length(problems, f"{here}.choices.{j}.name_localizations.{locale}", text, 100, 1)
        if option.get("type") in (1, 2):
            _option_problems(problems, here, option.get("options") or [])
        elif option.get("required"):
            if optional_seen:
                problems.append(f"{here}: required options must come before optional ones")
        else:
            optional_seen = True


def command_problems(commands: list[dict[str, Any]]) -> Problems:
    """Problems with a bulk command overwrite (PUT .../commands)."""
    problems: Problems = []
    if len(commands) > COMMANDS_MAX:
        problems.append(f"at most {COMMANDS_MAX} commands (got {len(commands)})")
    seen: set[tuple[int, str]] = set()
    for i, command in enumerate(commands):
        where = str(i)
        name = command.get("name", "")
        kind = command.get("type", 1)
        if kind == 1 and (not COMMAND_NAME.match(name) or name != name.lower()):
            problems.append(f"{where}.name: {name!r} is not a valid lower-case command name")
        if (kind, name) in seen:
            problems.append(f"{where}.name: duplicate command {name!r}")
        seen.add((kind, name))
        if kind == 1:
            _length(problems, f"{where}.description", command.get("description"), 100, 1)
            _localization_problems(problems, where, command)
            _option_problems(problems, where, command.get("options") or [])
        _permission_problems(problems, where, command.get("default_member_permissions"))
    return problems


PERMISSION_BITS = 1 << 53
"""Discord's permissions fit in 53 bits (an integer JavaScript reads exactly)."""


def _permission_problems(problems: Problems, where: str, value: Any) -> None:
    """``default_member_permissions``: null (everyone) or a permission integer ("0":
    administrators only), documented as a string; Discord also takes the number itself (as
    discord.py sends it) and answers with the string. Anything else is refused."""
    if value is None:
        return
    digits = str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(digits, str) or not digits.isdigit() or int(digits) >= PERMISSION_BITS:
        problems.append(
            f"{where}.default_member_permissions: {value!r} is not a permission integer"
        )


def attachment_reference_problems(embeds: list[Any], filenames: list[str]) -> Problems:
    """Embed images that name an ``attachment://`` file the message does not carry (Discord
    shows a broken image; the emulator refuses it so that a test sees the bug)."""
    problems: Problems = []
    for i, embed in enumerate(embeds):
        for part in ("image", "thumbnail"):
            url = (embed.get(part) or {}).get("url", "") if isinstance(embed, dict) else ""
            name = url.removeprefix("attachment://")
            if url.startswith("attachment://") and name not in filenames:
                problems.append(f"embeds.{i}.{part}.url: no attachment named {url!r}")
    return problems


def attachment_description_problems(descriptions: list[str | None]) -> Problems:
    """Attachment descriptions (alt text) are at most 1024 characters."""
    return [
        f"attachments.{i}.description: must be 1024 or fewer in length"
        for i, text in enumerate(descriptions)
        if text is not None and len(text) > 1024
    ]
