"""The one part of the build that pyproject.toml cannot say: the folders of shipped files at the
top of the repository become packages inside ``tabletop`` in the wheel (``layouts/`` is
installed as ``tabletop/layouts/``), where ``tabletop.resources`` finds them through
``importlib.resources``.  ``lessons/`` is installed as ``tabletop/lessons/``.  A new folder is one more entry here, an ``__init__.py``
in it, a line in pyproject.toml's package-data and its name in ``tabletop.resources``.
"""

from setuptools import find_namespace_packages, setup

SHIPPED_FOLDERS = {"tabletop.layouts": "layouts", "tabletop.lessons": "lessons",
                   "tabletop.assets": "assets"}

setup(
    packages=find_namespace_packages(include=["tabletop", "tabletop.*"],
                                     exclude=["*.__pycache__"]) + list(SHIPPED_FOLDERS),
    package_dir=SHIPPED_FOLDERS,
)
