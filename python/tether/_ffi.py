# SPDX-License-Identifier: MIT
"""Loads tether's shared library through cffi (ABI mode) and turns its log messages into exceptions.

The library is, in this order: the file named by the environment variable TETHER_LIBRARY (the
CMake build's libtether_python.so, as the tests use it), or the one `pip install ./python` built
into this package (_tether_native*.so). Both hold tether, its scene loader and
csrc/tether_python.c.
"""

import glob
import os
import threading

import cffi

from . import _cdef


def _find_library():
    path = os.environ.get("TETHER_LIBRARY")
    if path:
        if not os.path.isfile(path):
            raise ImportError(f"tether: TETHER_LIBRARY names {path!r}, which is not a file")
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "_tether_native*.so")))
    if not found:
        raise ImportError(
            "tether: no native library in the package; install it with "
            "`python3 -m pip install --no-build-isolation ./python` from the tether checkout, "
            "or set TETHER_LIBRARY to a libtether_python.so built by CMake"
        )
    return found[0]


LIBRARY_PATH = _find_library()

# First ask the library which real type it was built with, then declare the API with it.
_probe_ffi = cffi.FFI()
_probe_ffi.cdef("int ttPython_RealSize( void );")
REAL_SIZE = _probe_ffi.dlopen(LIBRARY_PATH).ttPython_RealSize()
if REAL_SIZE not in (4, 8):
    raise ImportError(f"tether: the library reports a real of {REAL_SIZE} bytes")
REAL_C_TYPE = "float" if REAL_SIZE == 4 else "double"

ffi = cffi.FFI()
ffi.cdef(f"typedef {REAL_C_TYPE} ttReal;\n" + _cdef.CDEF)
lib = ffi.dlopen(LIBRARY_PATH)

for _name in _cdef.CHECKED_STRUCTS:
    _theirs = lib.ttPython_SizeOf(_name.encode())
    if _theirs != ffi.sizeof(_name):
        raise ImportError(
            f"tether: {_name} is {_theirs} bytes in {LIBRARY_PATH} but {ffi.sizeof(_name)} in tether/_cdef.py; "
            "the declarations are out of date with the headers"
        )


class TetherError(Exception):
    """An error reported by the C library; str() is the library's message."""

    def __init__(self, message, result=None):
        super().__init__(message)
        self.message = message
        #: The ttResult name ("invalidArgument", ...) when the call returned one, else None.
        self.result = result


class InvalidArgumentError(TetherError, ValueError):
    """ttResult_invalidArgument: NaN or infinite numbers, negative masses, zero-size shapes, ..."""


class InvalidIdError(TetherError, ValueError):
    """ttResult_invalidId: a null, destroyed or stale id, or one of another world."""


class OutOfMemoryError(TetherError, MemoryError):
    """ttResult_outOfMemory."""


class InvalidStateError(TetherError):
    """ttResult_invalidState: the call is not allowed now."""


class SceneError(TetherError):
    """A scene file or text the loader rejected; the message names the file and the JSON path."""


_RESULT_ERRORS = {
    lib.ttResult_invalidArgument: (InvalidArgumentError, "invalidArgument"),
    lib.ttResult_invalidId: (InvalidIdError, "invalidId"),
    lib.ttResult_outOfMemory: (OutOfMemoryError, "outOfMemory"),
    lib.ttResult_invalidState: (InvalidStateError, "invalidState"),
}

# The messages the library logged during the current call, per thread (a call logs on the thread
# that made it).
_local = threading.local()


@ffi.callback("void(const char*)")
def _log(message):
    messages = getattr(_local, "messages", None)
    text = ffi.string(message).decode("utf-8", "replace")
    if messages is None:
        # A message outside a checked call (none should happen): keep it for the next check.
        _local.messages = [text]
    else:
        messages.append(text)


lib.ttSetLogFcn(_log)


def _raise(messages, result=None):
    text = "\n".join(messages) if messages else f"tether: call failed ({ffi.string(lib.ttResultName(result)).decode()})"
    cls, name = _RESULT_ERRORS.get(result, (TetherError, None))
    raise cls(text, name)


def call(function, *args):
    """Call a C function; raise TetherError with the library's message if it logged one."""
    _local.messages = []
    value = function(*args)
    messages = _local.messages
    _local.messages = None
    if messages:
        _raise(messages)
    return value


def call_result(function, *args):
    """Call a C function that returns ttResult; raise the matching error unless it is ttResult_ok."""
    _local.messages = []
    result = function(*args)
    messages = _local.messages
    _local.messages = None
    if result != lib.ttResult_ok or messages:
        _raise(messages, result if result != lib.ttResult_ok else None)
    return result
