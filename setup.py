"""The one part of the build that pyproject.toml cannot say: the folders of shipped files at the
top of the repository become packages inside ``tabletop`` in the wheel (``layouts/`` is
installed as ``tabletop/layouts/``), where ``tabletop.resources`` finds them through
``importlib.resources``.  ``lessons/`` is installed as ``tabletop/lessons/``.  A new folder is
one more entry here, an ``__init__.py`` in it, a line in pyproject.toml's package-data and its
name in ``tabletop.resources``.

An editable install (``pip install -e .``) puts the checkout on ``sys.path`` with one plain
``.pth`` line instead (:class:`EditableCheckout`), and ``tabletop.resources`` reads the folders
from the checkout.
"""

import os

from setuptools import find_namespace_packages, setup

SHIPPED_FOLDERS = {"tabletop.layouts": "layouts", "tabletop.lessons": "lessons",
                   "tabletop.assets": "assets"}

commands = {}
try:
    from setuptools.command.editable_wheel import editable_wheel
except ImportError:  # a setuptools without PEP 660 editable wheels: it does what it does
    pass
else:
    class EditableCheckout(editable_wheel):
        """``pip install -e .`` as a plain ``.pth`` line naming the checkout, the way
        setuptools installs a project whose packages all sit in one folder.

        For a project that maps folders into its package, as ``SHIPPED_FOLDERS`` does,
        setuptools instead installs an import hook that every start of Python loads, with
        ``pathlib``, ``urllib.parse`` and more (a third of a bare interpreter's start-up).
        Here the strategy is chosen as if nothing were mapped: the checkout goes on
        ``sys.path``, the mapped folders are not packages of ``tabletop`` in this install,
        and ``tabletop.resources`` reads them from the checkout.  A wheel maps them as before.
        """

        def finalize_options(self) -> None:
            super().finalize_options()
            self.package_dir = {"": os.curdir}

    commands["editable_wheel"] = EditableCheckout

setup(
    packages=find_namespace_packages(include=["tabletop", "tabletop.*"],
                                     exclude=["*.__pycache__"]) + list(SHIPPED_FOLDERS),
    package_dir=SHIPPED_FOLDERS,
    cmdclass=commands,
)
