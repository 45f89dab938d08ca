# SPDX-License-Identifier: MIT
"""Builds the tether Python package: the pure-Python modules and one native library,
tether/_tether_native*.so, compiled from the C sources of this checkout (src/, the scene loader
of tools/, csrc/). The package loads that library with cffi in ABI mode, so nothing is compiled
against Python's headers. Needs a C compiler and cJSON (Debian: gcc libcjson-dev).

    python3 -m pip install --no-build-isolation ./python
    TETHER_USE_FLOAT=1 python3 -m pip install --no-build-isolation ./python   # float reals
"""

import glob
import os

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

if not os.path.isfile(os.path.join(ROOT, "include", "tether", "tether.h")):
    raise SystemExit("setup.py: build from a tether checkout (python/ next to include/ and src/)")

SOURCES = sorted(glob.glob(os.path.join(ROOT, "src", "*.c")))
SOURCES += [os.path.join(ROOT, "tools", name) for name in
            ("scene.c", "scene_joints.c", "scene_mesh.c", "scene_particles.c", "scene_particle_constraints.c",
             "scene_reader.c", "scene_showcase.c", "mesh_file.c", "solver_names.c")]
SOURCES += [os.path.join(HERE, "csrc", "tether_python.c")]

define_macros = []
if os.environ.get("TETHER_USE_FLOAT", "0") not in ("", "0"):
    define_macros.append(("TT_USE_FLOAT", "1"))


class BuildNative(build_ext):
    """A plain shared library, not a Python extension module: no Python.h, no PyInit symbol."""

    def get_export_symbols(self, ext):
        return []

    def build_extensions(self):
        # Compile the ~80 files on every core (setuptools' own -j option is off by default).
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        super().build_extensions()


native = Extension(
    "tether._tether_native",
    sources=SOURCES,
    include_dirs=[os.path.join(ROOT, "include"), os.path.join(ROOT, "src"), os.path.join(ROOT, "tools"),
                  os.path.join(HERE, "csrc")],
    define_macros=define_macros,
    libraries=["cjson", "m"],
    # As the CMake build: C17, no contraction of a*b+c into fused multiply-adds (results must not
    # depend on the compiler's choices).
    extra_compile_args=["-std=c17", "-O2", "-ffp-contract=off", "-fvisibility=default"],
)

setup(
    name="tether",
    version="0.1.0",
    description="3D rigid-body dynamics (Extended Position Based Dynamics) with numpy state arrays",
    license="MIT",
    packages=["tether"],
    package_dir={"tether": os.path.join("tether")},
    python_requires=">=3.9",
    install_requires=["cffi", "numpy"],
    ext_modules=[native],
    cmdclass={"build_ext": BuildNative},
    # TETHER_PY_BUILD_DIR moves the object files out of python/build (the ctest of the pip install
    # builds in its CMake build folder).
    options={"build": {"build_base": os.environ.get("TETHER_PY_BUILD_DIR", "build")}},
    zip_safe=False,
)
