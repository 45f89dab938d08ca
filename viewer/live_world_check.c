// SPDX-License-Identifier: MIT
// ttViewer_Run on a program's own world, for tests/test_viewer_live.sh (under Xvfb): a world built
// in code (ground, a blue box, a sphere, a green box: the palette order of tests/data/
// render_scene.json) is shown with a per-step callback that counts its calls; the window's image
// is written after 3 frames. Then a callback that stops at step 5 closes the window, and a null
// world is refused. Prints what it saw; exits 1 when a count is off.
#include "viewer.h"

#include <stdio.h>
#include <string.h>

typedef struct Counter
{
	int calls;
	int lastIndex;
	int stopAt; ///< -1: never
} Counter;

static bool CountStep( ttWorldId worldId, int stepIndex, void* context )
{
	Counter* counter = context;
	(void)worldId;
	counter->calls += 1;
	counter->lastIndex = stepIndex;
	return stepIndex != counter->stopAt;
}

static void AddBox( ttWorldId world, const char* name, ttVec3 position, ttReal half )
{
	ttBodyDef def = ttDefaultBodyDef();
	def.type = ttBody_dynamic;
	def.name = name;
	def.position = position;
	ttBodyId body = ttCreateBody( world, &def );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreateBoxShape( body, &shapeDef, &( ttBox ){ .halfExtents = { half, half, half } } );
}

int main( int argc, char** argv )
{
	if ( argc != 2 )
	{
		fprintf( stderr, "usage: live_world_check SCREENSHOT.png | --stop\n" );
		return 2;
	}
	bool stopRun = strcmp( argv[1], "--stop" ) == 0;
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ .normal = { 0, 1, 0 }, .offset = 0 } );
	AddBox( world, "blue_box", ( ttVec3 ){ -0.6, 0.4, 0 }, 0.4 );
	ttBodyDef sphereDef = ttDefaultBodyDef();
	sphereDef.type = ttBody_dynamic;
	sphereDef.name = "sphere";
	sphereDef.position = ( ttVec3 ){ 0.7, 0.35, 0.2 };
	ttBodyId sphere = ttCreateBody( world, &sphereDef );
	ttCreateSphereShape( sphere, &shapeDef, &( ttSphere ){ .radius = 0.35 } );
	AddBox( world, "green_box", ( ttVec3 ){ -0.6, 1.05, 0 }, 0.25 );

	int failures = 0;
	Counter counter = { 0, -1, stopRun ? 5 : -1 };
	ttViewerOptions options = ttDefaultViewerOptions();
	options.title = "live world";
	options.width = 1024;
	options.height = 640;
	options.stepFcn = CountStep;
	options.context = &counter;
	// One window per process: GLFW does not open a second display connection after closing the
	// first under Xvfb, so the two runs are two invocations.
	if ( stopRun )
	{
		// The callback closes the window: returning false before step 5 ends the run.
		int code = ttViewer_Run( world, &options );
		printf( "stopping run: exit %d, callback calls %d (expected 0, 6)\n", code, counter.calls );
		failures += code != 0 || counter.calls != 6;
	}
	else
	{
		options.screenshot = argv[1];
		options.frames = 3;
		int code = ttViewer_Run( world, &options );
		// One step per frame in screenshot mode: the callback ran before each of the 3 steps.
		printf( "screenshot run: exit %d, callback calls %d, last step index %d (expected 0, 3, 2)\n", code,
		        counter.calls, counter.lastIndex );
		failures += code != 0 || counter.calls != 3 || counter.lastIndex != 2;
	}

	// The world is still the program's: alive after the window closed.
	printf( "world still valid: %d\n", ttWorld_IsValid( world ) );
	failures += ttWorld_IsValid( world ) == false;
	ttDestroyWorld( world );
	int code = ttViewer_Run( world, &options );
	printf( "destroyed world: exit %d (expected 1)\n", code );
	failures += code != 1;
	return failures == 0 ? 0 : 1;
}
