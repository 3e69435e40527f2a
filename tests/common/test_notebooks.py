"""The notebooks in notebooks/ find their data through the package. That each one runs and draws
in JupyterLab with the network closed is tests/ui/test_jupyterlab.py."""
import json
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Notebooks that show Panel or HoloViews output (they load BokehJS).
DRAWING = {"00-getting-started", "churchill-conference", "lessons", "starcraft-combat", "wif-combat",
           "wif-europe-map", "wif-weather"}


def test_there_are_notebooks():
    assert NOTEBOOKS
    assert DRAWING <= {p.stem for p in NOTEBOOKS}


def test_notebooks_name_no_checkout_path():
    """Bundled data is found through the package (``bundled_scenarios()``, ``load_map(name)``)."""
    for path in NOTEBOOKS:
        code = [("".join(c["source"])) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        assert not [line for cell in code for line in cell.splitlines() if "../" in line or "maps/" in line], path.name
