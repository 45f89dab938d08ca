// SPDX-License-Identifier: MIT
// The task system of task.h. The pool is workerCount - 1 threads started with the world and
// joined with it, so a step starts no thread. A loop is posted under the pool's mutex with a new
// generation number; every thread that sees it, and the posting thread itself, claims ranges by
// an atomic counter until none is left, and the posting thread waits until all ranges are done
// and no thread still holds the loop. Which thread runs a range varies from run to run; what the
// range computes does not, because the ranges are fixed before the loop starts and each item
// writes only its own results.
//
// Built with TETHER_THREADS=OFF (TT_NO_THREADS: the WebAssembly build) there is no pool: every loop
// runs on the calling thread, and a world asking for more workers is told so once.
// pthreads are POSIX, not C17.
#define _POSIX_C_SOURCE 200809L

#include "task.h"

#include "core.h"
#include "solver_stages.h"

#ifndef TT_NO_THREADS
#include <pthread.h>
#include <stdatomic.h>
#endif

// Ranges per worker: a few, so that a worker that started late or was preempted (the machine is
// shared) leaves its share to the others instead of holding up the barrier.
#define TT_RANGES_PER_WORKER 4

bool ttTaskSystem_Check( const char* function, int workerCount, ttEnqueueTaskCallback* enqueueTask,
                         ttFinishTaskCallback* finishTask )
{
	if ( workerCount < 1 || workerCount > TT_MAX_WORKERS )
	{
		ttReportError( function, "workerCount must be from 1 to %d (1: serial), got %d", TT_MAX_WORKERS, workerCount );
		return false;
	}
	if ( ( enqueueTask == NULL ) != ( finishTask == NULL ) )
	{
		ttReportError( function, "enqueueTask and finishTask must both be set or both be NULL" );
		return false;
	}
	return true;
}

// The fixed split of [0, count): rangeCount ranges of rangeSize items, the last possibly shorter.
typedef struct ttTaskLoop
{
	ttRangeFn* fn;
	void* context;
	int count, rangeSize, rangeCount;
} ttTaskLoop;

static void ttRunRange( const ttTaskLoop* loop, int range, int worker )
{
	int start = range * loop->rangeSize;
	int end = start + loop->rangeSize < loop->count ? start + loop->rangeSize : loop->count;
	loop->fn( start, end, worker, loop->context );
}

// What a user's scheduler runs: its items are our ranges, so its own split cannot move a boundary.
static void ttRunUserRanges( int startIndex, int endIndex, int workerIndex, void* taskContext )
{
	for ( int range = startIndex; range < endIndex; ++range )
	{
		ttRunRange( taskContext, range, workerIndex );
	}
}

#ifndef TT_NO_THREADS

typedef struct ttWorkerStart
{
	ttThreadPool* pool;
	int worker; ///< 1 to threadCount: the posting thread is worker 0
} ttWorkerStart;

struct ttThreadPool
{
	pthread_mutex_t mutex;
	pthread_cond_t posted;   ///< a new loop, or quit
	pthread_cond_t finished; ///< a thread let go of a loop
	pthread_t threads[TT_MAX_WORKERS];
	ttWorkerStart starts[TT_MAX_WORKERS];
	int threadCount;
	// Under the mutex:
	ttTaskLoop loop;
	unsigned generation;
	bool quit;
	int busyThreads;    ///< threads between picking up the loop and letting it go
	int rangesFinished; ///< of this loop
	// Claimed without the mutex, reset only while no thread is busy:
	atomic_int nextRange;
};

// Claim and run ranges until none is left; returns how many this thread ran.
static int ttClaimRanges( ttThreadPool* pool, const ttTaskLoop* loop, int worker )
{
	int ran = 0;
	for ( ;; )
	{
		int range = atomic_fetch_add_explicit( &pool->nextRange, 1, memory_order_relaxed );
		if ( range >= loop->rangeCount )
		{
			return ran;
		}
		ttRunRange( loop, range, worker );
		ran += 1;
	}
}

static void* ttWorkerMain( void* argument )
{
	ttWorkerStart* start = argument;
	ttThreadPool* pool = start->pool;
	pthread_mutex_lock( &pool->mutex );
	// The pool starts at generation 0: a thread that starts after the first loop was posted must
	// still take it (a launch's items wait for the pool's threads, ttTaskSystem_Launch).
	unsigned seen = 0;
	for ( ;; )
	{
		while ( pool->quit == false && pool->generation == seen )
		{
			pthread_cond_wait( &pool->posted, &pool->mutex );
		}
		if ( pool->quit )
		{
			break;
		}
		seen = pool->generation;
		ttTaskLoop loop = pool->loop;
		pool->busyThreads += 1;
		pthread_mutex_unlock( &pool->mutex );
		int ran = ttClaimRanges( pool, &loop, start->worker );
		pthread_mutex_lock( &pool->mutex );
		pool->rangesFinished += ran;
		pool->busyThreads -= 1;
		if ( pool->busyThreads == 0 )
		{
			pthread_cond_signal( &pool->finished );
		}
	}
	pthread_mutex_unlock( &pool->mutex );
	return NULL;
}

// Hand a loop to the pool's threads; the calling thread may claim ranges of it too.
static void ttPool_Post( ttThreadPool* pool, const ttTaskLoop* loop )
{
	pthread_mutex_lock( &pool->mutex );
	// A thread that woke too late for the last loop may still hold it: the range counter may be
	// reset only once it has let go.
	while ( pool->busyThreads > 0 )
	{
		pthread_cond_wait( &pool->finished, &pool->mutex );
	}
	pool->loop = *loop;
	pool->rangesFinished = 0;
	atomic_store_explicit( &pool->nextRange, 0, memory_order_relaxed );
	pool->generation += 1;
	pthread_cond_broadcast( &pool->posted );
	pthread_mutex_unlock( &pool->mutex );
}

// Wait until the posted loop's ranges are done (`ran` of them by the calling thread) and no thread
// holds it.
static void ttPool_Wait( ttThreadPool* pool, int ran )
{
	pthread_mutex_lock( &pool->mutex );
	pool->rangesFinished += ran;
	while ( pool->rangesFinished < pool->loop.rangeCount || pool->busyThreads > 0 )
	{
		pthread_cond_wait( &pool->finished, &pool->mutex );
	}
	pthread_mutex_unlock( &pool->mutex );
}

static void ttPool_Run( ttThreadPool* pool, const ttTaskLoop* loop )
{
	ttPool_Post( pool, loop );
	ttPool_Wait( pool, ttClaimRanges( pool, loop, 0 ) );
}

static void ttPool_Stop( ttThreadPool* pool, int started )
{
	pthread_mutex_lock( &pool->mutex );
	pool->quit = true;
	pthread_cond_broadcast( &pool->posted );
	pthread_mutex_unlock( &pool->mutex );
	for ( int i = 0; i < started; ++i )
	{
		pthread_join( pool->threads[i], NULL );
	}
	pthread_cond_destroy( &pool->finished );
	pthread_cond_destroy( &pool->posted );
	pthread_mutex_destroy( &pool->mutex );
	ttFree( pool );
}

static ttThreadPool* ttPool_Start( int threadCount )
{
	ttThreadPool* pool = ttAlloc( sizeof( ttThreadPool ) );
	if ( pool == NULL )
	{
		return NULL;
	}
	*pool = ( ttThreadPool ){ .threadCount = threadCount };
	atomic_init( &pool->nextRange, 0 );
	pthread_mutex_init( &pool->mutex, NULL );
	pthread_cond_init( &pool->posted, NULL );
	pthread_cond_init( &pool->finished, NULL );
	for ( int i = 0; i < threadCount; ++i )
	{
		pool->starts[i] = ( ttWorkerStart ){ pool, i + 1 };
		if ( pthread_create( &pool->threads[i], NULL, ttWorkerMain, &pool->starts[i] ) != 0 )
		{
			ttPool_Stop( pool, i );
			return NULL;
		}
	}
	return pool;
}

#else

struct ttThreadPool
{
	int unused;
};

#endif

bool ttTaskSystem_Create( ttTaskSystem* tasks, int workerCount, ttEnqueueTaskCallback* enqueueTask,
                          ttFinishTaskCallback* finishTask, void* userTaskContext )
{
	*tasks = ( ttTaskSystem ){ workerCount, enqueueTask, finishTask, userTaskContext, NULL, false, NULL, false };
	if ( workerCount <= 1 || enqueueTask != NULL )
	{
		return true;
	}
#ifndef TT_NO_THREADS
	tasks->pool = ttPool_Start( workerCount - 1 );
	if ( tasks->pool == NULL )
	{
		ttReportError( "ttCreateWorld", "could not start %d worker threads", workerCount - 1 );
		tasks->workerCount = 1;
		return false;
	}
#endif
	return true;
}

void ttTaskSystem_Destroy( ttTaskSystem* tasks )
{
#ifndef TT_NO_THREADS
	if ( tasks->pool != NULL )
	{
		ttPool_Stop( tasks->pool, tasks->pool->threadCount );
	}
#endif
	tasks->pool = NULL;
	ttStages_Destroy( tasks->stageTeam );
	tasks->stageTeam = NULL;
}

int ttTaskSystem_WorkerCount( const ttTaskSystem* tasks )
{
	return tasks->pool != NULL || tasks->enqueueTask != NULL ? tasks->workerCount : 1;
}

void ttParallelFor( ttTaskSystem* tasks, int count, int minRange, ttRangeFn* fn, void* context )
{
	if ( minRange < 1 )
	{
		minRange = 1;
	}
	bool parallel = tasks->enqueueTask != NULL || tasks->pool != NULL;
	if ( count < 2 * minRange || tasks->workerCount <= 1 || parallel == false )
	{
		if ( tasks->workerCount > 1 && parallel == false && tasks->warnedSerial == false )
		{
			tasks->warnedSerial = true;
			ttReportError( "ttWorld_Step", "this build has no threads (TETHER_THREADS=OFF): %d workers run serially",
			               tasks->workerCount );
		}
		if ( count > 0 )
		{
			fn( 0, count, 0, context );
		}
		return;
	}
	int rangeCount = count / minRange;
	int most = tasks->workerCount * TT_RANGES_PER_WORKER;
	rangeCount = rangeCount < most ? rangeCount : most;
	int rangeSize = ( count + rangeCount - 1 ) / rangeCount;
	ttTaskLoop loop = { fn, context, count, rangeSize, ( count + rangeSize - 1 ) / rangeSize };
	if ( tasks->staging )
	{
		// The step's workers are already running and waiting for stages: no wake, no task.
		ttStages_Run( tasks->stageTeam, fn, context, count, rangeSize, loop.rangeCount );
		return;
	}
	if ( tasks->enqueueTask != NULL )
	{
		void* userTask = tasks->enqueueTask( ttRunUserRanges, loop.rangeCount, 1, &loop, tasks->userTaskContext );
		if ( userTask != NULL )
		{
			tasks->finishTask( userTask, tasks->userTaskContext );
		}
		return;
	}
#ifndef TT_NO_THREADS
	ttPool_Run( tasks->pool, &loop );
#endif
}

// What a user's scheduler runs for a launch: its items are the launch's.
static void ttRunLaunchItems( int startIndex, int endIndex, int workerIndex, void* taskContext )
{
	const ttTaskLaunch* launch = taskContext;
	launch->fn( startIndex, endIndex, workerIndex, launch->context );
}

bool ttTaskSystem_Launch( ttTaskSystem* tasks, ttTaskLaunch* launch )
{
	launch->userTask = NULL;
	if ( launch->count < 1 )
	{
		return false;
	}
	if ( tasks->enqueueTask != NULL )
	{
		launch->userTask = tasks->enqueueTask( ttRunLaunchItems, launch->count, 1, launch, tasks->userTaskContext );
		return true;
	}
#ifndef TT_NO_THREADS
	if ( tasks->pool != NULL )
	{
		ttTaskLoop loop = { launch->fn, launch->context, launch->count, 1, launch->count };
		ttPool_Post( tasks->pool, &loop );
		return true;
	}
#endif
	return false;
}

void ttTaskSystem_Join( ttTaskSystem* tasks, ttTaskLaunch* launch )
{
	if ( tasks->enqueueTask != NULL )
	{
		if ( launch->userTask != NULL )
		{
			tasks->finishTask( launch->userTask, tasks->userTaskContext );
		}
		return;
	}
#ifndef TT_NO_THREADS
	if ( tasks->pool != NULL )
	{
		ttPool_Wait( tasks->pool, 0 );
	}
#endif
}
