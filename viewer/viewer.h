// SPDX-License-Identifier: MIT
// Entry points of the viewer library: the tether program's commands, and a window on a program's
// own live world (ttViewer_Run; docs/viewer.md, "Your own world in the viewer").
#pragma once

#include "tether/tether.h"

#ifdef __cplusplus
extern "C"
{
#endif

	/// `tether view [SCENE] ...`: argv[0] is "view". Returns the exit code.
	int ttViewerViewMain( int argc, char** argv );
	/// `tether render [SCENE] --out DIR ...`: argv[0] is "render". Returns the exit code.
	int ttViewerRenderMain( int argc, char** argv );

	/// Called before each step of a world shown by ttViewer_Run, with the index of the step about
	/// to run (from 0): apply forces, drive motors, log. Return false to close the window.
	typedef bool ttViewerStepFcn( ttWorldId worldId, int stepIndex, void* context );

	typedef struct ttViewerOptions
	{
		const char* title;        ///< window title (default "tether")
		double timeStep;          ///< seconds per step (default 1/60); the viewer steps in real time
		int width, height;        ///< window size in pixels (default 1280 x 800)
		ttViewerStepFcn* stepFcn; ///< may be NULL
		void* context;            ///< passed to stepFcn
		/// For scripts and tests: step once per frame, write the window's image to this PNG after
		/// `frames` frames and return (NULL: run until the window is closed).
		const char* screenshot;
		int frames;
	} ttViewerOptions;

	ttViewerOptions ttDefaultViewerOptions( void );
	/// Open a window on a live world: the viewer's camera, mouse spring, pause/step and debug
	/// drawing, stepping the world with ttWorld_Step. The world stays the caller's (the viewer
	/// never destroys or replaces it). Returns 0 when the window was closed (or the callback
	/// stopped it, or the screenshot was written), 1 with a message on stderr when there is no
	/// display, the world id is invalid or the options are out of range.
	int ttViewer_Run( ttWorldId worldId, const ttViewerOptions* options );

#ifdef __cplusplus
}
#endif
