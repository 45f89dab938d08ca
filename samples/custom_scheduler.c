// SPDX-License-Identifier: MIT
// Sample 6, your own scheduler. A game usually has a job system already and wants the physics to
// run on it rather than on threads of its own. tether hands each parallel loop of the step to
// ttWorldDef.enqueueTask as a task over [0, itemCount) and waits for it with finishTask (Box2D v3's
// scheme); a step with enough bodies hands over instead one task of workerCount - 1 items, the
// step's workers, at its start and finishes it at its end (src/solver_stages.h). This sample is
// such a job system in miniature: a fixed set of pthreads that take chunks of the current task
// from a shared counter, the calling thread helping with the loops until the task is done.
//
// The check: a pyramid of 55 boxes stepped 120 times on this scheduler with 3 workers ends in
// exactly the same state, bit for bit, as the same pyramid stepped serially, because every item of
// a task writes only its own results (docs/determinism.md).
#include "tether/tether.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define WORKER_THREADS 2 // plus the thread that calls ttWorld_Step: 3 workers

// One task at a time: the step enqueues a task and finishes it before it enqueues the next.
typedef struct JobSystem
{
	pthread_t threads[WORKER_THREADS];
	pthread_mutex_t mutex;
	pthread_cond_t wake, done;
	ttTaskCallback* task;
	void* taskContext;
	int itemCount, chunkSize, chunkCount;
	atomic_int nextChunk;
	int chunksDone;
	int generation; // counts tasks, so a sleeping thread sees that a new one came
	bool quit;
} JobSystem;

// Take chunks of the current task until none are left; worker identifies the caller (0 is the
// stepping thread), as tether's contract asks: distinct among calls that run at the same time.
static void RunChunks( JobSystem* jobs, int worker )
{
	for ( ;; )
	{
		int chunk = atomic_fetch_add( &jobs->nextChunk, 1 );
		if ( chunk >= jobs->chunkCount )
		{
			return;
		}
		int start = chunk * jobs->chunkSize;
		int end = start + jobs->chunkSize < jobs->itemCount ? start + jobs->chunkSize : jobs->itemCount;
		jobs->task( start, end, worker, jobs->taskContext );
		pthread_mutex_lock( &jobs->mutex );
		if ( ++jobs->chunksDone == jobs->chunkCount )
		{
			pthread_cond_signal( &jobs->done );
		}
		pthread_mutex_unlock( &jobs->mutex );
	}
}

typedef struct WorkerStart
{
	JobSystem* jobs;
	int worker;
} WorkerStart;

static WorkerStart s_starts[WORKER_THREADS];

static void* WorkerMain( void* argument )
{
	WorkerStart* start = argument;
	JobSystem* jobs = start->jobs;
	int seen = 0;
	pthread_mutex_lock( &jobs->mutex );
	for ( ;; )
	{
		while ( jobs->quit == false && jobs->generation == seen )
		{
			pthread_cond_wait( &jobs->wake, &jobs->mutex );
		}
		if ( jobs->quit )
		{
			break;
		}
		seen = jobs->generation;
		pthread_mutex_unlock( &jobs->mutex );
		RunChunks( jobs, start->worker );
		pthread_mutex_lock( &jobs->mutex );
	}
	pthread_mutex_unlock( &jobs->mutex );
	return NULL;
}

// ttWorldDef.enqueueTask: publish the task, wake the threads, and help with it here.
static void* EnqueueTask( ttTaskCallback* task, int itemCount, int minRange, void* taskContext, void* userContext )
{
	JobSystem* jobs = userContext;
	int workers = WORKER_THREADS + 1;
	int chunkSize = ( itemCount + 4 * workers - 1 ) / ( 4 * workers ); // about 4 chunks per worker
	chunkSize = chunkSize < minRange ? minRange : chunkSize;
	pthread_mutex_lock( &jobs->mutex );
	jobs->task = task;
	jobs->taskContext = taskContext;
	jobs->itemCount = itemCount;
	jobs->chunkSize = chunkSize;
	jobs->chunkCount = ( itemCount + chunkSize - 1 ) / chunkSize;
	jobs->chunksDone = 0;
	atomic_store( &jobs->nextChunk, 0 );
	jobs->generation += 1;
	pthread_cond_broadcast( &jobs->wake );
	pthread_mutex_unlock( &jobs->mutex );
	// A task of no more items than there are threads is left to them: it is the step's workers
	// (one item each, waiting for the step's loops), which the calling thread cannot run itself:
	// it drives the step and would only take the items away from the threads.
	if ( itemCount > WORKER_THREADS )
	{
		RunChunks( jobs, 0 );
	}
	return jobs; // the handle finishTask gets
}

// ttWorldDef.finishTask: wait until every chunk has run.
static void FinishTask( void* userTask, void* userContext )
{
	(void)userContext;
	JobSystem* jobs = userTask;
	pthread_mutex_lock( &jobs->mutex );
	while ( jobs->chunksDone < jobs->chunkCount )
	{
		pthread_cond_wait( &jobs->done, &jobs->mutex );
	}
	pthread_mutex_unlock( &jobs->mutex );
}

static void JobSystem_Start( JobSystem* jobs )
{
	memset( jobs, 0, sizeof( *jobs ) );
	pthread_mutex_init( &jobs->mutex, NULL );
	pthread_cond_init( &jobs->wake, NULL );
	pthread_cond_init( &jobs->done, NULL );
	for ( int i = 0; i < WORKER_THREADS; ++i )
	{
		s_starts[i] = ( WorkerStart ){ jobs, i + 1 };
		pthread_create( jobs->threads + i, NULL, WorkerMain, s_starts + i );
	}
}

static void JobSystem_Stop( JobSystem* jobs )
{
	pthread_mutex_lock( &jobs->mutex );
	jobs->quit = true;
	pthread_cond_broadcast( &jobs->wake );
	pthread_mutex_unlock( &jobs->mutex );
	for ( int i = 0; i < WORKER_THREADS; ++i )
	{
		pthread_join( jobs->threads[i], NULL );
	}
	pthread_mutex_destroy( &jobs->mutex );
	pthread_cond_destroy( &jobs->wake );
	pthread_cond_destroy( &jobs->done );
}

// A pyramid of 10 rows (55 boxes) on the ground, stepped 120 times; the boxes' final states.
static void RunPyramid( JobSystem* jobs, ttTransform* poses, ttVec3* velocities )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	worldDef.enableSleep = false;
	if ( jobs != NULL )
	{
		worldDef.workerCount = WORKER_THREADS + 1;
		worldDef.enqueueTask = EnqueueTask;
		worldDef.finishTask = FinishTask;
		worldDef.userTaskContext = jobs;
	}
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ { 0, 1, 0 }, 0 } );
	ttBodyId boxes[55];
	int count = 0;
	for ( int row = 0; row < 10; ++row )
	{
		for ( int i = 0; i < 10 - row; ++i )
		{
			ttBodyDef def = ttDefaultBodyDef();
			def.type = ttBody_dynamic;
			def.position = ( ttVec3 ){ ( i - ( 9 - row ) * 0.5 ) * 1.05, 0.5 + row * 1.0, 0 };
			boxes[count] = ttCreateBody( world, &def );
			ttCreateBoxShape( boxes[count], &shapeDef, &( ttBox ){ { 0.5, 0.5, 0.5 } } );
			count += 1;
		}
	}
	for ( int step = 0; step < 120; ++step )
	{
		ttWorld_Step( world, 1.0 / 60 );
	}
	for ( int i = 0; i < count; ++i )
	{
		poses[i] = ttBody_GetTransform( boxes[i] );
		velocities[i] = ttBody_GetLinearVelocity( boxes[i] );
	}
	ttDestroyWorld( world );
}

int main( void )
{
	static ttTransform serialPoses[55], scheduledPoses[55];
	static ttVec3 serialVelocities[55], scheduledVelocities[55];
	RunPyramid( NULL, serialPoses, serialVelocities );
	JobSystem jobs;
	JobSystem_Start( &jobs );
	RunPyramid( &jobs, scheduledPoses, scheduledVelocities );
	JobSystem_Stop( &jobs );
	bool same = memcmp( serialPoses, scheduledPoses, sizeof( serialPoses ) ) == 0 &&
	            memcmp( serialVelocities, scheduledVelocities, sizeof( serialVelocities ) ) == 0;
	printf( "pyramid of 55 boxes, 120 steps, %d workers on the sample's scheduler: %s the serial run\n",
	        WORKER_THREADS + 1, same ? "bit-identical to" : "DIFFERENT from" );
	printf( "top box at y = %.6f m (built at 9.5 m)\n", scheduledPoses[54].p.y );
	return same ? 0 : 1;
}
