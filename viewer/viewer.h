// SPDX-License-Identifier: MIT
// Entry points of the viewer library, called by the tether program's dispatcher (C).
#pragma once

#ifdef __cplusplus
extern "C"
{
#endif

	/// `tether view [SCENE] ...`: argv[0] is "view". Returns the exit code.
	int ttViewerViewMain( int argc, char** argv );
	/// `tether render [SCENE] --out DIR ...`: argv[0] is "render". Returns the exit code.
	int ttViewerRenderMain( int argc, char** argv );

#ifdef __cplusplus
}
#endif
