// SPDX-License-Identifier: MIT
// The stage team of solver_stages.h. A stage lives in its own slot for the whole step: the
// stepping thread writes it, then publishes it with a release store of `current`; a worker that
// acquires the pointer reads a slot nobody writes again until the team is closed and every worker
// has returned. So a worker that was preempted and comes back to an old stage only finds its
// range counter past the end: it never runs a range twice, never reads a half-written stage, and
// the stepping thread never waits for it. Claims are relaxed increments; each worker adds the
// ranges it ran to the stage's done count with a release add, which the stepping thread acquires
// before the stage returns, so the writes of every range happen before whatever follows (the next
// stage's publication carries them on to the workers).
//
// A worker that has waited through a long serial part sleeps on a condition variable: the
// stepping thread, after each publication, wakes the sleepers if its load of their count (after
// the store of the stage, both sequentially consistent) finds any; a worker counts itself before
// its last look at `current`, so one of the two always sees the other.
//
// pthreads and sched_yield are POSIX, not C17.
#define _POSIX_C_SOURCE 200809L

#include "solver_stages.h"

#include "core.h"

#include <string.h>

// Bodies plus manifolds below which no loop of the step splits (ttParallelFor runs a loop of fewer
// than two ranges inline; the body loops take 64 bodies a range, the prepare 64 manifolds): the
// workers would only wait.
#define TT_STAGE_MIN_ITEMS 128

#ifndef TT_NO_THREADS

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

// A step publishes about 3 x colours + 10 stages per substep (pyramid_large: 107 at 4 substeps).
// Slots come in chunks made on first use and kept with the world (40 bytes a stage, 10 MB for
// all 262,144); a loop past the last slot (some 10,000 substeps in one step) runs on the stepping
// thread alone, which gives the same bits.
#define TT_STAGES_PER_CHUNK 256
#define TT_STAGE_CHUNKS 1024

// Waiting: a few spins with the CPU's pause hint, for a stage that comes within microseconds
// (the usual gap between two colours), then yielding the core at every look, then (workers only)
// sleeping until the next stage, so that a worker that waits through a long serial part of the
// step (the colouring, the joints, the islands) does not stay runnable and take a share of a core
// that the stepping thread or other programs could use. Box2D v3's workers only spin and yield.
// 2,000 yields are about a millisecond on an idle core: longer than the serial parts of a step
// (16 made an idle machine's worker sleep through each of them, and the wake cost more than the
// stage it waited for: docs/benchmarks.md).
#define TT_SPINS_BEFORE_YIELD 64
#define TT_YIELDS_BEFORE_SLEEP 2000
// Segments of a stage: one per worker, up to the most workers a world may have (ttWorldDef).
#define TT_STAGE_MAX_SEGMENTS TT_MAX_WORKERS

typedef struct ttStage
{
	ttRangeFn* fn;
	void* context;
	int count, rangeSize, rangeCount, segmentCount;
	/// The ranges are cut into one segment per worker; worker w claims the ranges of segment w
	/// first (so a loop over the bodies gives each worker the same bodies in every stage, and their
	/// cache lines stay on its core) and then those left in the others. nextRange[s]: the next
	/// range of segment s to claim (past the segment's end: all claimed).
	atomic_int nextRange[TT_STAGE_MAX_SEGMENTS];
	atomic_int doneRanges; ///< ranges finished by the workers other than the stepping thread
} ttStage;

struct ttStageTeam
{
	_Atomic( ttStage* ) current; ///< the last stage published; NULL before the first, &closed after the last
	ttStage closed;              ///< a sentinel, never run
	ttStage* chunks[TT_STAGE_CHUNKS];
	int published; ///< stages of this step (stepping thread only)
	ttTaskLaunch launch;
	atomic_int sleepers; ///< workers asleep on `wake`, or about to be
	pthread_mutex_t mutex;
	pthread_cond_t wake;
};

// The team that the calling thread drives: a worker item that a user's scheduler runs on this
// very thread (inside enqueueTask or finishTask) must return, or it would wait for itself.
static _Thread_local const ttStageTeam* tt_steppingTeam = NULL;

static void ttCpuPause( void )
{
#if ( defined( __GNUC__ ) || defined( __clang__ ) ) && ( defined( __i386__ ) || defined( __x86_64__ ) )
	__builtin_ia32_pause();
#elif ( defined( __GNUC__ ) || defined( __clang__ ) ) && defined( __aarch64__ )
	__asm__ __volatile__( "yield" ::: "memory" );
#endif
}

// One look's wait; false once the waiter has spun and yielded long enough to sleep instead.
static bool ttStages_Wait( int* looks )
{
	if ( *looks < TT_SPINS_BEFORE_YIELD )
	{
		ttCpuPause();
	}
	else
	{
		sched_yield();
	}
	if ( *looks < TT_SPINS_BEFORE_YIELD + TT_YIELDS_BEFORE_SLEEP )
	{
		*looks += 1;
		return true;
	}
	return false;
}

// The first range of segment `segment` (segments split the ranges as evenly as they can).
static int ttStage_SegmentStart( const ttStage* stage, int segment )
{
	return (int)( (long long)stage->rangeCount * segment / stage->segmentCount );
}

// Claim and run the ranges of one segment until none is left; returns how many this thread ran.
static int ttStage_ClaimSegment( ttStage* stage, int segment, int worker )
{
	int ran = 0;
	int end = ttStage_SegmentStart( stage, segment + 1 );
	for ( ;; )
	{
		int range = atomic_fetch_add_explicit( &stage->nextRange[segment], 1, memory_order_relaxed );
		if ( range >= end )
		{
			return ran;
		}
		int start = range * stage->rangeSize;
		int stop = start + stage->rangeSize < stage->count ? start + stage->rangeSize : stage->count;
		stage->fn( start, stop, worker, stage->context );
		ran += 1;
	}
}

// Claim and run ranges of a stage until none is left, the worker's own segment first; returns
// how many this thread ran.
static int ttStage_Claim( ttStage* stage, int worker )
{
	int ran = 0;
	for ( int i = 0; i < stage->segmentCount; ++i )
	{
		ran += ttStage_ClaimSegment( stage, ( worker + i ) % stage->segmentCount, worker );
	}
	return ran;
}

// One worker for the whole step: run every stage it sees until the team closes.
static void ttStages_Work( ttStageTeam* team, int worker )
{
	ttStage* seen = NULL;
	for ( ;; )
	{
		int looks = 0;
		ttStage* stage;
		while ( ( stage = atomic_load_explicit( &team->current, memory_order_acquire ) ) == seen )
		{
			if ( ttStages_Wait( &looks ) )
			{
				continue;
			}
			pthread_mutex_lock( &team->mutex );
			atomic_fetch_add_explicit( &team->sleepers, 1, memory_order_seq_cst );
			while ( atomic_load_explicit( &team->current, memory_order_seq_cst ) == seen )
			{
				pthread_cond_wait( &team->wake, &team->mutex );
			}
			atomic_fetch_sub_explicit( &team->sleepers, 1, memory_order_relaxed );
			pthread_mutex_unlock( &team->mutex );
		}
		if ( stage == &team->closed )
		{
			return;
		}
		int ran = ttStage_Claim( stage, worker );
		if ( ran > 0 )
		{
			atomic_fetch_add_explicit( &stage->doneRanges, ran, memory_order_release );
		}
		seen = stage;
	}
}

// The launched items: item i is worker i + 1 (the stepping thread is worker 0), whichever thread
// or scheduler index runs it, so the workers that run at once have distinct numbers.
static void ttStages_WorkerItems( int start, int end, int worker, void* context )
{
	(void)worker;
	ttStageTeam* team = context;
	if ( tt_steppingTeam == team )
	{
		return;
	}
	for ( int item = start; item < end; ++item )
	{
		ttStages_Work( team, item + 1 );
	}
}

// Make `stage` the current one (or &closed) and wake the workers that sleep.
static void ttStages_Publish( ttStageTeam* team, ttStage* stage )
{
	atomic_store_explicit( &team->current, stage, memory_order_seq_cst );
	if ( atomic_load_explicit( &team->sleepers, memory_order_seq_cst ) > 0 )
	{
		pthread_mutex_lock( &team->mutex );
		pthread_cond_broadcast( &team->wake );
		pthread_mutex_unlock( &team->mutex );
	}
}

bool ttStages_Begin( ttTaskSystem* tasks, int items )
{
	int workerCount = ttTaskSystem_WorkerCount( tasks );
	if ( items < TT_STAGE_MIN_ITEMS || workerCount < 2 || tasks->staging )
	{
		return false;
	}
	ttStageTeam* team = tasks->stageTeam;
	if ( team == NULL )
	{
		team = ttAlloc( sizeof( ttStageTeam ) );
		if ( team == NULL )
		{
			return false; // the pool's loops then, as before
		}
		memset( team, 0, sizeof( ttStageTeam ) );
		atomic_init( &team->current, NULL );
		atomic_init( &team->sleepers, 0 );
		pthread_mutex_init( &team->mutex, NULL );
		pthread_cond_init( &team->wake, NULL );
		tasks->stageTeam = team;
	}
	team->published = 0;
	atomic_store_explicit( &team->current, NULL, memory_order_relaxed );
	team->launch = ( ttTaskLaunch ){ ttStages_WorkerItems, team, workerCount - 1, NULL };
	tt_steppingTeam = team;
	if ( ttTaskSystem_Launch( tasks, &team->launch ) == false )
	{
		tt_steppingTeam = NULL;
		return false;
	}
	tasks->staging = true;
	return true;
}

void ttStages_End( ttTaskSystem* tasks )
{
	ttStageTeam* team = tasks->stageTeam;
	ttStages_Publish( team, &team->closed );
	ttTaskSystem_Join( tasks, &team->launch );
	tasks->staging = false;
	tt_steppingTeam = NULL;
}

// The next free slot, with its chunk made on first use; NULL when out of slots or memory.
static ttStage* ttStages_NextSlot( ttStageTeam* team )
{
	int chunk = team->published / TT_STAGES_PER_CHUNK;
	if ( chunk >= TT_STAGE_CHUNKS )
	{
		return NULL;
	}
	if ( team->chunks[chunk] == NULL )
	{
		team->chunks[chunk] = ttAlloc( sizeof( ttStage ) * TT_STAGES_PER_CHUNK );
		if ( team->chunks[chunk] == NULL )
		{
			return NULL;
		}
	}
	ttStage* stage = team->chunks[chunk] + team->published % TT_STAGES_PER_CHUNK;
	team->published += 1;
	return stage;
}

void ttStages_Run( ttStageTeam* team, ttRangeFn* fn, void* context, int count, int rangeSize, int rangeCount )
{
	ttStage* stage = ttStages_NextSlot( team );
	if ( stage == NULL )
	{
		fn( 0, count, 0, context );
		return;
	}
	stage->fn = fn;
	stage->context = context;
	stage->count = count;
	stage->rangeSize = rangeSize;
	stage->rangeCount = rangeCount;
	stage->segmentCount =
	    team->launch.count + 1 < TT_STAGE_MAX_SEGMENTS ? team->launch.count + 1 : TT_STAGE_MAX_SEGMENTS;
	for ( int segment = 0; segment < stage->segmentCount; ++segment )
	{
		atomic_store_explicit( &stage->nextRange[segment], ttStage_SegmentStart( stage, segment ),
		                       memory_order_relaxed );
	}
	atomic_store_explicit( &stage->doneRanges, 0, memory_order_relaxed );
	ttStages_Publish( team, stage );
	int ran = ttStage_Claim( stage, 0 );
	int looks = 0;
	while ( atomic_load_explicit( &stage->doneRanges, memory_order_acquire ) + ran < rangeCount )
	{
		ttStages_Wait( &looks ); // a worker that holds a range is running it: never sleep here
	}
}

void ttStages_Destroy( ttStageTeam* team )
{
	if ( team == NULL )
	{
		return;
	}
	for ( int i = 0; i < TT_STAGE_CHUNKS; ++i )
	{
		ttFree( team->chunks[i] );
	}
	pthread_cond_destroy( &team->wake );
	pthread_mutex_destroy( &team->mutex );
	ttFree( team );
}

#else

// Without threads there is no team: every loop runs on the stepping thread (task.c).
bool ttStages_Begin( ttTaskSystem* tasks, int items )
{
	(void)tasks;
	(void)items;
	return false;
}

void ttStages_End( ttTaskSystem* tasks )
{
	(void)tasks;
}

void ttStages_Run( ttStageTeam* team, ttRangeFn* fn, void* context, int count, int rangeSize, int rangeCount )
{
	(void)team;
	(void)rangeSize;
	(void)rangeCount;
	fn( 0, count, 0, context );
}

void ttStages_Destroy( ttStageTeam* team )
{
	(void)team;
}

#endif
