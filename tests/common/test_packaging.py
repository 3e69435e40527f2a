"""The install story: pyproject and environment.yml agree, and the wheel carries the maps."""
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]


def _name_and_spec(req: str) -> tuple[str, str]:
    m = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$", req)
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def test_environment_yml_lists_the_same_runtime_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    py = dict(_name_and_spec(r) for r in project["dependencies"])
    conda = dict(
        _name_and_spec(d) for d in env["dependencies"] if isinstance(d, str) and not d.startswith(("python", "pip"))
    )
    assert conda == py
    assert any(d.startswith("python>=3.11") for d in env["dependencies"] if isinstance(d, str))
    assert project["requires-python"] == ">=3.11"


def test_optional_extras_exist():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {"test", "notebook", "bench"} <= set(extras)
    assert any(r.startswith("networkx") for r in extras["bench"])


def test_ci_runs_make_test_and_nothing_clever():
    lines = [l for l in (ROOT / ".ci" / "run").read_text().splitlines() if l and not l.startswith("#")]
    assert lines[-1].strip() == "make test"
    readme = (ROOT / "README.md").read_text()
    first_block = readme.split("```")[1]
    assert "make serve" in first_block and "make test" in first_block
    assert first_block.index("make serve") < first_block.index("make test")


@pytest.mark.slow
def test_wheel_ships_the_maps_and_loads_a_bundled_map(tmp_path):
    """Build the wheel, install it in a fresh venv (dependencies borrowed from this one) and load 'demo'."""
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        check=True, capture_output=True,
    )
    wheel = next(dist.glob("wargame_viewer-*.whl"))
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names), names[-8:]
    assert "viewer/py.typed" in names   # the package declares its type hints (PEP 561)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    vpy = venv / "bin" / "python"
    site = subprocess.run(
        [str(vpy), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    # Borrow the dependencies of the running environment; a plain path line in a .pth file
    # does not process that folder's own .pth files, so the editable checkout stays invisible.
    Path(site, "_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", site, str(wheel)],
        check=True, capture_output=True,
    )
    code = (
        "import viewer, viewer.board as b; m = b.load_map('demo'); "
        "print(viewer.__file__); print(len(m.hexes))"
    )
    out = subprocess.run(
        [str(vpy), "-c", code], check=True, capture_output=True, text=True, cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    ).stdout.splitlines()
    assert out[0].startswith(site), f"viewer imported from {out[0]}, not from the wheel"
    assert int(out[1]) > 0
