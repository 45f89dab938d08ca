// SPDX-License-Identifier: MIT
// Determinism across worker counts (docs/determinism.md, issue 11): the same scene gives the same
// bits with 1, 2 and 4 workers, run after run. Each case steps a scene for 300 frames of 1/60 s
// with each worker count, hashes every body's state (state_hash.h, as test_determinism does) and
// requires every hash to equal the golden value that tests/data/determinism_golden.txt keeps for
// the serial step: threads may make the step faster, never different. The golden values are
// test_determinism's, so a deliberate change to the physics updates both tests at once
// (`test_determinism --update`).
//
// A second part runs a small pile through schedulers of the user's (ttWorldDef.enqueueTask and
// finishTask) and through the world's own threads: same bits as the serial step. One scheduler
// runs every item inside enqueueTask, on the stepping thread, in reverse order; the other runs a
// task's items one after another on a thread of its own, so of the step's workers
// (solver_stages.h) the first works beside the stepping thread and the others start only after
// the step closed its stages: they must leave at once, and the step must not wait for them.
//
// `--frames N` steps N frames instead and compares the worker counts with each other only (the
// ThreadSanitizer build runs it short: scripts/test.sh --tsan).
#include "state_hash.h"
#include "validation.h"

#include <stdlib.h>
#ifndef __EMSCRIPTEN__
#include <pthread.h>
#endif

#define GOLDEN_FILE "tests/data/determinism_golden.txt"
#define GOLDEN_FRAMES 300

typedef struct ThreadCase
{
	const char* name; ///< as in the golden file
	const char* scene;
} ThreadCase;

static const ThreadCase s_cases[] = {
    { "pyramid", "scenes/stack_pyramid.json" },          // contacts
    { "pile", "scenes/stack_pile.json" },                // many contacts
    { "robot_arm_xpbd", "scenes/fig17_robot_arm.json" }, // joints
    { "halfpipe_mesh", "scenes/mesh_halfpipe.json" },    // mesh pairs between the parallel ones
};

static const int s_workerCounts[] = { 1, 2, 4 };
#define WORKER_COUNTS ( (int)( sizeof( s_workerCounts ) / sizeof( s_workerCounts[0] ) ) )

static uint64_t RunScene( const char* path, int workers, int frames )
{
	ttScene scene;
	tvLoad( path, &scene );
	ENSURE( ttWorld_SetWorkerCount( scene.worldId, workers ) == ttResult_ok );
	ENSURE( ttWorld_GetWorkerCount( scene.worldId ) == workers );
	tvStep( scene.worldId, frames );
	uint64_t hash = StateHash_Bodies( scene.bodies, scene.bodyCount );
	ttScene_Destroy( &scene );
	return hash;
}

static const char* RealName( void )
{
	return sizeof( ttReal ) == sizeof( double ) ? "double" : "float";
}

static void CheckScenes( int frames )
{
	for ( int c = 0; c < (int)( sizeof( s_cases ) / sizeof( s_cases[0] ) ); ++c )
	{
		const ThreadCase* tc = s_cases + c;
		uint64_t golden = 0;
		bool haveGolden = frames == GOLDEN_FRAMES && StateHash_ReadGolden( GOLDEN_FILE, RealName(), tc->name, &golden );
		if ( frames == GOLDEN_FRAMES && haveGolden == false )
		{
			fprintf( stderr, "FAIL no %s golden hash for %s in %s\n", RealName(), tc->name, GOLDEN_FILE );
			tt_test_failures += 1;
		}
		uint64_t serial = 0;
		for ( int k = 0; k < WORKER_COUNTS; ++k )
		{
			int workers = s_workerCounts[k];
			uint64_t hash = RunScene( tc->scene, workers, frames );
			uint64_t again = RunScene( tc->scene, workers, frames );
			printf( "%-16s %d workers %016" PRIx64 " (second run %016" PRIx64 ")\n", tc->name, workers, hash, again );
			ENSURE( again == hash );
			if ( k == 0 )
			{
				serial = hash;
			}
			ENSURE( hash == serial );
			if ( haveGolden && hash != golden )
			{
				fprintf( stderr, "FAIL %s with %d workers: hash %016" PRIx64 ", golden %016" PRIx64 "\n", tc->name,
				         workers, hash, golden );
				tt_test_failures += 1;
			}
		}
	}
}

// A scheduler of the user's that runs every item on its own, last first, as worker `workers - 1`:
// the order and the split differ from the pool's, the results must not.
typedef struct ReverseScheduler
{
	int workers;
	int tasks; ///< how many tasks it was given
} ReverseScheduler;

static void* EnqueueReversed( ttTaskCallback* task, int itemCount, int minRange, void* taskContext,
                              void* userTaskContext )
{
	(void)minRange;
	ReverseScheduler* scheduler = userTaskContext;
	scheduler->tasks += 1;
	for ( int i = itemCount - 1; i >= 0; --i )
	{
		task( i, i + 1, scheduler->workers - 1, taskContext );
	}
	return scheduler; // finished already; finishTask has nothing to wait for
}

static void FinishReversed( void* userTask, void* userTaskContext )
{
	ENSURE( userTask == userTaskContext );
}

#ifndef __EMSCRIPTEN__
// A scheduler of the user's with one thread per task, which runs the task's items one by one in
// order: a task of the step's workers has its first item working beside the stepping thread and
// the rest starting after the step no longer needs them.
typedef struct SequentialThreadScheduler
{
	int tasks;
	pthread_t thread;
	ttTaskCallback* task;
	int itemCount;
	void* taskContext;
} SequentialThreadScheduler;

static void* RunItemsInOrder( void* argument )
{
	SequentialThreadScheduler* scheduler = argument;
	for ( int i = 0; i < scheduler->itemCount; ++i )
	{
		scheduler->task( i, i + 1, 0, scheduler->taskContext );
	}
	return NULL;
}

static void* EnqueueOnThread( ttTaskCallback* task, int itemCount, int minRange, void* taskContext,
                              void* userTaskContext )
{
	(void)minRange;
	SequentialThreadScheduler* scheduler = userTaskContext;
	scheduler->tasks += 1;
	scheduler->task = task;
	scheduler->itemCount = itemCount;
	scheduler->taskContext = taskContext;
	ENSURE( pthread_create( &scheduler->thread, NULL, RunItemsInOrder, scheduler ) == 0 );
	return scheduler;
}

static void FinishOnThread( void* userTask, void* userTaskContext )
{
	ENSURE( userTask == userTaskContext );
	SequentialThreadScheduler* scheduler = userTask;
	pthread_join( scheduler->thread, NULL );
}
#endif

// 4 x 4 x 8 boxes dropped on a plane, enough pairs and bodies for the loops to split.
static uint64_t RunPile( int workers, ttEnqueueTaskCallback* enqueueTask, ttFinishTaskCallback* finishTask,
                         void* scheduler )
{
	ttWorldDef def = ttDefaultWorldDef();
	def.workerCount = workers;
	def.enqueueTask = enqueueTask;
	def.finishTask = finishTask;
	def.userTaskContext = scheduler;
	ttWorldId world = ttCreateWorld( &def );
	ENSURE( TT_IS_NULL( world ) == false );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttPlane plane = { { 0, 1, 0 }, 0 };
	ttCreatePlaneShape( ground, &shapeDef, &plane );
	ttBox box = { { (ttReal)0.5, (ttReal)0.5, (ttReal)0.5 } };
	ttBodyId bodies[128];
	int count = 0;
	for ( int y = 0; y < 8; ++y )
	{
		for ( int x = 0; x < 4; ++x )
		{
			for ( int z = 0; z < 4; ++z )
			{
				ttBodyDef bodyDef = ttDefaultBodyDef();
				bodyDef.type = ttBody_dynamic;
				// Offset per layer so that the boxes tumble rather than stack.
				bodyDef.position = ( ttVec3 ){ (ttReal)( 1.1 * x + 0.3 * ( y % 2 ) ), (ttReal)( 0.6 + 1.2 * y ),
				                               (ttReal)( 1.1 * z + 0.2 * ( y % 3 ) ) };
				bodies[count] = ttCreateBody( world, &bodyDef );
				ttCreateBoxShape( bodies[count], &shapeDef, &box );
				count += 1;
			}
		}
	}
	tvStep( world, 120 );
	uint64_t hash = StateHash_Bodies( bodies, count );
	ttDestroyWorld( world );
	return hash;
}

static void CheckUserScheduler( void )
{
	uint64_t serial = RunPile( 1, NULL, NULL, NULL );
	uint64_t pool = RunPile( 4, NULL, NULL, NULL );
	ReverseScheduler scheduler = { 3, 0 };
	uint64_t user = RunPile( 3, EnqueueReversed, FinishReversed, &scheduler );
	printf( "pile of 128 boxes: serial %016" PRIx64 ", 4 threads %016" PRIx64 ", user scheduler %016" PRIx64
	        " (%d tasks)\n",
	        serial, pool, user, scheduler.tasks );
	ENSURE( pool == serial );
	ENSURE( user == serial );
	ENSURE( scheduler.tasks > 0 ); // the loops did reach the user's scheduler
#ifndef __EMSCRIPTEN__
	SequentialThreadScheduler sequential = { 0 };
	uint64_t late = RunPile( 4, EnqueueOnThread, FinishOnThread, &sequential );
	printf( "pile of 128 boxes: a scheduler that runs a task's items one after another %016" PRIx64 " (%d tasks)\n",
	        late, sequential.tasks );
	ENSURE( late == serial );
	ENSURE( sequential.tasks > 0 );
#endif
}

int main( int argc, char** argv )
{
	int frames = GOLDEN_FRAMES;
	if ( argc > 2 && strcmp( argv[1], "--frames" ) == 0 )
	{
		frames = atoi( argv[2] );
		ENSURE( frames > 0 );
	}
	CheckScenes( frames );
	CheckUserScheduler();
	return TEST_RESULT();
}
