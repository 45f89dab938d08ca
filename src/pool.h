// SPDX-License-Identifier: MIT
// A pool of fixed-size records addressed by index, with a free list and a generation counter per
// slot so that ids of freed records are detected as stale.
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ttPool
{
	char* data;
	uint32_t* generations;
	bool* used;
	int elementSize;
	int count; ///< slots ever handed out (the high-water mark)
	int capacity;
	int* freeList;
	int freeCount;
	int liveCount;
	uint32_t generationBase; ///< first generation of new slots, varied per world so ids of a
	                         ///< destroyed world do not alias objects of a new one
} ttPool;

void ttPool_Create( ttPool* pool, int elementSize, uint32_t generationBase );
void ttPool_Destroy( ttPool* pool );
/// Index of a zeroed slot, or -1 when memory runs out.
int ttPool_Alloc( ttPool* pool );
/// Frees a slot; its generation advances so old ids become stale (a slot whose 32-bit generation
/// has wrapped is retired instead of reused).
void ttPool_Free( ttPool* pool, int index );

static inline void* ttPool_Get( const ttPool* pool, int index )
{
	return pool->data + (size_t)index * (size_t)pool->elementSize;
}

static inline bool ttPool_IsLive( const ttPool* pool, int index, uint32_t generation )
{
	return index >= 0 && index < pool->count && pool->used[index] && pool->generations[index] == generation;
}
