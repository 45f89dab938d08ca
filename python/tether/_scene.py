# SPDX-License-Identifier: MIT
"""Scene files (docs/scene-format.md) through the C scene loader of tools/, built into the
package's library: load_scene(path) and load_scene_string(text) return a Scene, whose world is a
tether.World like any other."""

import os

import numpy as np

from ._ffi import SceneError, call, ffi, lib
from ._world import REAL, World

_ERROR_SIZE = 1024


class Scene:
    """A loaded scene: its world, time step, default duration, named bodies and joints, probes."""

    def __init__(self, scene_ptr, keep):
        self._scene = scene_ptr
        self._keep = keep
        self.name = ffi.string(scene_ptr.name).decode("utf-8", "replace")
        #: Seconds per step (the scene's timeStep, default 1/60).
        self.time_step = float(scene_ptr.timeStep)
        #: The scene's default duration, s.
        self.seconds = float(scene_ptr.seconds)
        self.world = World._wrap(scene_ptr.worldId, self)
        self._names = [ffi.string(scene_ptr.bodyNames[i]).decode() for i in range(scene_ptr.bodyCount)]
        self._joint_names = [ffi.string(scene_ptr.jointNames[i]).decode() for i in range(scene_ptr.jointCount)]
        self.probe_names = [ffi.string(scene_ptr.probes[i].name).decode() for i in range(scene_ptr.probeCount)]

    def _destroy(self):
        if self._scene is not None:
            lib.ttScene_Destroy(self._scene)
            self._scene = None

    def close(self):
        """Destroy the scene and its world."""
        self.world.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def _live(self):
        if self._scene is None:
            raise ValueError("the scene is closed")
        return self._scene

    def body(self, name):
        """The body the scene file named `name`; KeyError when there is none."""
        scene = self._live()
        if name not in self._names:
            raise KeyError(f"scene {self.name!r} has no body named {name!r}")
        return self.world._body_for(scene.bodies[self._names.index(name)])

    def joint(self, name):
        scene = self._live()
        if name not in self._joint_names:
            raise KeyError(f"scene {self.name!r} has no joint named {name!r}")
        return self.world._joint_by_key[(scene.joints[self._joint_names.index(name)].index1,
                                         scene.joints[self._joint_names.index(name)].generation)]

    @property
    def body_names(self):
        return list(self._names)

    @property
    def joint_names(self):
        return list(self._joint_names)

    def step(self, steps=1):
        """Advance `steps` steps of the scene's time step."""
        self.world.step(self.time_step, steps)

    def probes(self):
        """The scene's probes now: name -> value (a float, or an array of 3 for position probes)."""
        scene = self._live()
        values = {}
        buffer = ffi.new("ttReal[3]")
        for i, name in enumerate(self.probe_names):
            probe = scene.probes + i
            columns = call(lib.ttProbe_ColumnCount, probe)
            call(lib.ttProbe_Evaluate, probe, buffer)
            values[name] = float(buffer[0]) if columns == 1 else np.array([buffer[j] for j in range(columns)], REAL)
        return values


def _load(loader, *args):
    scene = ffi.new("ttScene*")
    error = ffi.new("char[]", _ERROR_SIZE)
    if not call(loader, *args, scene, error, _ERROR_SIZE):
        raise SceneError(ffi.string(error).decode("utf-8", "replace"))
    return Scene(scene, args)


def load_scene(path):
    """Load a JSON scene file and create its world; SceneError with the loader's message if the
    file is rejected (it names the file, the JSON path and what is wrong)."""
    return _load(lib.ttScene_LoadFile, os.fsencode(path))


def load_scene_string(text, source_name="<string>"):
    """The same for JSON text; source_name is used in messages."""
    return _load(lib.ttScene_LoadString, text.encode(), source_name.encode())


def showcase_json():
    """The JSON of the built-in showcase scene (what `tether run` runs with no scene)."""
    return ffi.string(lib.ttScene_ShowcaseJson()).decode()
