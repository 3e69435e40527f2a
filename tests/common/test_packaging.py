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


def _conda(name: str) -> dict[str, str]:
    env = yaml.safe_load((ROOT / name).read_text())
    assert any(d.startswith("python>=3.11") for d in env["dependencies"] if isinstance(d, str))
    return dict(_name_and_spec(d) for d in env["dependencies"]
                if isinstance(d, str) and not d.startswith(("python", "pip")))


def test_environment_yml_lists_the_same_runtime_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    py = dict(_name_and_spec(r) for r in project["dependencies"])
    assert _conda("environment.yml") == py
    assert project["requires-python"] == ">=3.11"


def test_the_notebook_environment_adds_the_notebook_extra():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    py = dict(_name_and_spec(r) for r in project["dependencies"] + project["optional-dependencies"]["notebook"])
    assert _conda("environment-notebooks.yml") == py


def test_lower_bounds_are_the_tested_versions():
    """Every declared lower bound is at most the installed (tested) version, and no runtime
    dependency is left without one; raising the installed version is what moves a bound."""
    from importlib.metadata import PackageNotFoundError, version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    checked = 0
    for req in project["dependencies"] + extras["test"] + extras["bench"]:
        name, spec = _name_and_spec(req)
        assert spec.startswith(">="), f"{req}: no tested lower bound"
        try:
            installed = version(name)
        except PackageNotFoundError:
            continue
        low = tuple(int(x) for x in spec[2:].split(".") if x.isdigit())
        have = tuple(int(x) for x in re.findall(r"\d+", installed)[:len(low)])
        assert have >= low, f"{name} {installed} is installed but {req} is declared"
        checked += 1
    assert checked >= len(project["dependencies"])
    assert "pyproj" in {_name_and_spec(r)[0] for r in project["dependencies"]}   # viewer/board imports it


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


def _build(kind: str, outdir: Path) -> Path:
    subprocess.run([sys.executable, "-m", "build", f"--{kind}", "--no-isolation", "--outdir", str(outdir), str(ROOT)],
                   check=True, capture_output=True)
    return next(outdir.glob("wargame_viewer-*.whl" if kind == "wheel" else "wargame_viewer-*.tar.gz"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return _build("wheel", tmp_path_factory.mktemp("dist"))


def _borrowing_venv(where: Path, wheel: Path) -> Path:
    """A fresh venv outside the checkout with ``wheel`` installed by its own pip (so its
    ``wargame-viewer`` script is the venv's) and the dependencies borrowed from this environment:
    nothing is downloaded. Returns the venv's folder."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, capture_output=True)  # pip from ensurepip
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([str(where / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                    str(wheel)], check=True, capture_output=True, env=env)
    site = subprocess.run([str(where / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          check=True, capture_output=True, text=True, env=env).stdout.strip()
    # A plain path line in a .pth file does not process that folder's own .pth files, so the
    # editable checkout installed there stays invisible: only the wheel provides ``viewer``.
    Path(site, "_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return where


@pytest.mark.slow
def test_wheel_ships_the_maps_and_loads_a_bundled_map(tmp_path, wheel):
    """Install the built wheel in a fresh venv (dependencies borrowed from this one) and load 'demo'."""
    import zipfile

    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") or n.endswith(".dist-info/LICENSE") for n in names), names[-8:]
    assert "viewer/py.typed" in names   # the package declares its type hints (PEP 561)
    from viewer import apps

    assert {f"viewer/apps/{name}.py" for name in apps.names()} <= set(names)   # the pages ship too
    venv = _borrowing_venv(tmp_path / "venv", wheel)
    vpy = venv / "bin" / "python"
    site = str(venv)
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


@pytest.mark.slow
def test_sdist_ships_the_licence_notebooks_wrappers_and_environments(tmp_path):
    import tarfile

    sdist = _build("sdist", tmp_path)
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    expected = {"LICENSE", "README.md", "environment.yml", "environment-notebooks.yml", "pyproject.toml",
                *(str(p.relative_to(ROOT)) for p in (ROOT / "notebooks").glob("*.ipynb")),
                *(str(p.relative_to(ROOT)) for p in (ROOT / "apps").glob("*.py")),
                *(str(p.relative_to(ROOT)) for p in (ROOT / "viewer" / "apps").glob("*.py"))}
    assert expected - names == set()


def _get(url: str) -> tuple[int, str]:
    import urllib.request

    with urllib.request.urlopen(url, timeout=60) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_the_installed_wheel_serves_every_app(tmp_path, wheel):
    """`wargame-viewer serve` of a venv outside the checkout answers 200 on every page, from the
    wheel's own files, with BokehJS from the server itself."""
    import socket
    import time

    from viewer import __version__, apps

    venv = _borrowing_venv(tmp_path / "venv", wheel)
    script = venv / "bin" / "wargame-viewer"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["WARGAME_VIEWER_DATA"] = str(tmp_path / "data")
    version = subprocess.run([str(script), "--version"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert version.returncode == 0 and version.stdout.strip() == f"wargame-viewer {__version__}"
    usage = subprocess.run([str(script), "serve", "--help"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert usage.stdout.startswith("usage: wargame-viewer serve ")
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import viewer.apps; print(viewer.apps.APP_DIR)"],
                           capture_output=True, text=True, env=env, cwd=tmp_path, check=True).stdout.strip()
    assert Path(where).is_relative_to(venv), f"the pages came from {where}, not from the wheel"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([str(script), "serve", "--port", str(port), "--address", "127.0.0.1"],
                                cwd=tmp_path, env=env, stdout=fh, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, f"wargame-viewer serve exited:\n{log.read_text()}"
            try:
                if _get(base + "/liveness")[0] == 200:
                    break
            except OSError:
                assert time.monotonic() < deadline, f"no answer in 120 s:\n{log.read_text()}"
                time.sleep(0.5)
        status, body = _get(base + "/")
        assert status == 200 and "static/js/bokeh.min.js" in body
        assert "cdn." not in body, "BokehJS or an extension is loaded from a CDN"
        for name in apps.names():
            assert _get(f"{base}/{name}")[0] == 200, name
        text = log.read_text()
        assert "ERROR" not in text and "Traceback" not in text, text
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
