// SPDX-License-Identifier: MIT
// tether: opaque ids. Ids are small values, passed by value; the zero id is null. A 32-bit
// generation counter makes an id of a destroyed object stale, which every function detects and
// rejects. A slot is retired (never handed out again) before its generation could wrap around, so
// a stale id can never become valid again, however many times its slot is reused. The fields are
// all 32 bits so that ids have no padding bytes (they may be compared with memcmp).
#pragma once

#include "base.h"

typedef struct ttWorldId
{
	uint32_t index1; ///< one-based slot, 0 means null
	uint32_t generation;
} ttWorldId;

typedef struct ttBodyId
{
	int32_t index1;
	uint32_t world0; ///< zero-based world slot
	uint32_t generation;
} ttBodyId;

typedef struct ttShapeId
{
	int32_t index1;
	uint32_t world0; ///< zero-based world slot
	uint32_t generation;
} ttShapeId;

typedef struct ttJointId
{
	int32_t index1;
	uint32_t world0; ///< zero-based world slot
	uint32_t generation;
} ttJointId;

static const ttWorldId ttNullWorldId = { 0, 0 };
static const ttBodyId ttNullBodyId = { 0, 0, 0 };
static const ttShapeId ttNullShapeId = { 0, 0, 0 };
static const ttJointId ttNullJointId = { 0, 0, 0 };

#define TT_IS_NULL( id ) ( ( id ).index1 == 0 )
#define TT_IS_NON_NULL( id ) ( ( id ).index1 != 0 )
#define TT_ID_EQUALS( a, b ) ( ( a ).index1 == ( b ).index1 && ( a ).generation == ( b ).generation )
