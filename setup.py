"""Ship the decks under content/ inside the wheel as the package data folder ``twentystrong/decks``.

Everything else is declared in pyproject.toml. A checkout reads content/ directly; an installed copy reads the
folder this maps it to (see twentystrong/content/registry.py).
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["twentystrong", "twentystrong.*"]), "twentystrong.decks"],
    package_dir={"twentystrong.decks": "content"},
    package_data={"twentystrong.decks": ["*.json", "*/*.toml", "*/*.md"]},
    include_package_data=False,
)
