// SPDX-License-Identifier: MIT
#include "pool.h"

#include "core.h"

#include <string.h>

void ttPool_Create( ttPool* pool, int elementSize, uint32_t generationBase )
{
	memset( pool, 0, sizeof( *pool ) );
	pool->elementSize = elementSize;
	pool->generationBase = generationBase;
}

void ttPool_Destroy( ttPool* pool )
{
	ttFree( pool->data );
	ttFree( pool->generations );
	ttFree( pool->used );
	ttFree( pool->freeList );
	memset( pool, 0, sizeof( *pool ) );
}

static bool ttPool_Reserve( ttPool* pool, int capacity )
{
	if ( capacity <= pool->capacity )
	{
		return true;
	}
	size_t oldCount = (size_t)pool->capacity;
	size_t newCount = (size_t)capacity;
	char* data = ttGrow( pool->data, oldCount * (size_t)pool->elementSize, newCount * (size_t)pool->elementSize );
	if ( data == NULL )
	{
		return false;
	}
	pool->data = data;
	uint32_t* generations = ttGrow( pool->generations, oldCount * sizeof( uint32_t ), newCount * sizeof( uint32_t ) );
	bool* used =
	    generations != NULL ? ttGrow( pool->used, oldCount * sizeof( bool ), newCount * sizeof( bool ) ) : NULL;
	int* freeList = used != NULL ? ttGrow( pool->freeList, oldCount * sizeof( int ), newCount * sizeof( int ) ) : NULL;
	if ( generations != NULL )
	{
		pool->generations = generations;
	}
	if ( used != NULL )
	{
		pool->used = used;
	}
	if ( freeList != NULL )
	{
		pool->freeList = freeList;
	}
	if ( freeList == NULL )
	{
		return false;
	}
	for ( size_t i = oldCount; i < newCount; ++i )
	{
		pool->generations[i] = pool->generationBase;
	}
	memset( pool->used + oldCount, 0, ( newCount - oldCount ) * sizeof( bool ) );
	pool->capacity = capacity;
	return true;
}

int ttPool_Alloc( ttPool* pool )
{
	int index;
	if ( pool->freeCount > 0 )
	{
		pool->freeCount -= 1;
		index = pool->freeList[pool->freeCount];
	}
	else
	{
		if ( pool->count == pool->capacity &&
		     ttPool_Reserve( pool, pool->capacity < 16 ? 16 : 2 * pool->capacity ) == false )
		{
			return -1;
		}
		index = pool->count;
		pool->count += 1;
	}
	memset( ttPool_Get( pool, index ), 0, (size_t)pool->elementSize );
	pool->used[index] = true;
	pool->liveCount += 1;
	return index;
}

void ttPool_Free( ttPool* pool, int index )
{
	pool->used[index] = false;
	pool->generations[index] += 1;
	pool->liveCount -= 1;
	// A slot whose generation has gone all the way round is retired, not reused: handing it out
	// again would give a new object the generation of some long-destroyed one, and its stale ids
	// would come back to life. That costs one slot per 2^32 frees of it.
	if ( pool->generations[index] == pool->generationBase )
	{
		return;
	}
	pool->freeList[pool->freeCount] = index;
	pool->freeCount += 1;
}
