// SPDX-License-Identifier: MIT
// tether: opaque ids. Ids are small values, passed by value; the zero id is null. A generation
// counter makes an id of a destroyed object stale, which every function detects and rejects.
#pragma once

#include "base.h"

typedef struct ttWorldId
{
	uint16_t index1; ///< one-based slot, 0 means null
	uint16_t generation;
} ttWorldId;

typedef struct ttBodyId
{
	int32_t index1;
	uint16_t world0;
	uint16_t generation;
} ttBodyId;

typedef struct ttShapeId
{
	int32_t index1;
	uint16_t world0;
	uint16_t generation;
} ttShapeId;

typedef struct ttJointId
{
	int32_t index1;
	uint16_t world0;
	uint16_t generation;
} ttJointId;

static const ttWorldId ttNullWorldId = { 0, 0 };
static const ttBodyId ttNullBodyId = { 0, 0, 0 };
static const ttShapeId ttNullShapeId = { 0, 0, 0 };
static const ttJointId ttNullJointId = { 0, 0, 0 };

#define TT_IS_NULL( id ) ( ( id ).index1 == 0 )
#define TT_IS_NON_NULL( id ) ( ( id ).index1 != 0 )
#define TT_ID_EQUALS( a, b ) ( ( a ).index1 == ( b ).index1 && ( a ).generation == ( b ).generation )
