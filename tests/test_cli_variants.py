"""``hearts variants [--json]``: the variants and options with their defaults."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from hearts.cli.main import cli
from hearts.cli.variants import variants_json
from hearts.rules import OPTIONS, VARIANTS, make_rules

# The option keys and values that interfaces.md section 2 promises.
PROMISED = {
    "moon": {"add", "subtract", "choice", "none"},
    "qs_breaks_hearts": bool,
    "first_trick_points": bool,
    "hearts_lead_any_time": bool,
    "exact_target_resets": bool,
    "pass_schedule": {"rotate", "left", "right", "rotate-no-hold", "none"},
    "target_score": int,
    "tie": {"share", "play-on"},
    "shoot_the_sun": bool,
    "first_lead": {"lowest-club", "eldest-any"},
    "jack_of_diamonds": bool,
    "spot_hearts": bool,
}


def json_output() -> dict:
    result = CliRunner().invoke(cli, ["variants", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_json_lists_the_promised_variants() -> None:
    data = json_output()
    names = [v["name"] for v in data["variants"]]
    for name in ("standard", "black-maria", "spot-hearts", "omnibus"):
        assert name in names
    for v in data["variants"]:
        assert set(v) >= {"name", "title", "summary", "players", "default_players", "defaults"}
        rules = make_rules(v["name"], v["default_players"], v["defaults"])
        assert rules.variant == v["name"]


def test_json_lists_the_promised_options_with_defaults() -> None:
    options = {o["key"]: o for o in json_output()["options"]}
    for key, values in PROMISED.items():
        spec = options[key]
        if values is bool:
            assert spec["type"] == "bool" and isinstance(spec["default"], bool)
        elif values is int:
            assert spec["type"] == "int" and isinstance(spec["default"], int)
        else:
            assert spec["type"] == "choice"
            assert set(spec["choices"]) == values
            assert spec["default"] == spec["choices"][0]
    assert options["moon"]["default"] == "add"
    assert options["target_score"]["default"] == 100
    assert options["pass_schedule"]["default"] == "rotate"


def test_json_matches_the_registries_and_the_helper() -> None:
    data = json_output()
    assert data == variants_json()
    assert [o["key"] for o in data["options"]] == [o.key for o in OPTIONS]
    assert [v["name"] for v in data["variants"]] == list(VARIANTS)


def test_table_names_every_variant_and_option() -> None:
    result = CliRunner().invoke(cli, ["variants"])
    assert result.exit_code == 0
    for name in VARIANTS:
        assert name in result.stdout
    for option in OPTIONS:
        assert option.key in result.stdout
    assert not result.stdout.lstrip().startswith("{")


def test_console_script_prints_json() -> None:
    script = Path(sys.executable).with_name("hearts")
    assert script.exists(), "console script missing: run `make test`"
    proc = subprocess.run([str(script), "variants", "--json"], capture_output=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == variants_json()


def test_every_option_is_in_the_documented_table() -> None:
    """Regression (a new user's trial): `widow_size` was listed by `hearts variants --json`
    but missing from docs/variants.md's table of options."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "variants.md").read_text(encoding="utf-8")
    table = [line for line in doc.splitlines() if line.startswith("| `")]
    missing = [spec.key for spec in OPTIONS if not any(f"`{spec.key}`" in row for row in table)]
    assert missing == []
