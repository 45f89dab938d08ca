// SPDX-License-Identifier: MIT
// The coloured wide solve of the soft-step contacts (contact_solver_wide.h), written once for every
// instruction set: a variant's .c file (contact_solver_wide_scalar.c, _sse2.c, _avx2.c) chooses
// simd.h's path with TT_SIMD_WANT_*, names its table TT_WIDE_VARIANT and its width TT_WIDE_WIDTH,
// and includes this file; everything here is static but the table, so the variants' functions do
// not collide. Each lane of a block is one manifold and runs exactly the scalar rows of
// contact_solver_soft.c: friction with the circular static/dynamic cone, then up to
// TT_SOFT_NORMAL_SWEEPS sweeps of the normals (a lane stops sweeping when its impulses changed by
// less than a thousandth of their sum, as the scalar one does), the soft bias with maxPushoutSpeed
// in the biased solve, the speculative s > 0 term, and in the relax the separation moved on by the
// substep's motion. Only the order differs: colour by colour instead of the narrow phase's order.
// A lane's floats see the same operations in the same order whatever the lane count (no fused
// multiply-add, IEEE division and square root), so every variant gives the same states.
#pragma once

#if !defined( TT_WIDE_VARIANT ) || !defined( TT_WIDE_WIDTH )
#error "include contact_solver_wide_impl.h from a variant file that defines TT_WIDE_VARIANT and TT_WIDE_WIDTH"
#endif

#include "contact_solver_soft.h"
#include "contact_solver_wide_variant.h"
#include "simd.h"
#include "world.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Colours of the constraint graph. Manifolds between two moving bodies take the first
/// TT_WIDE_DYNAMIC_COLORS, those with one static side start at colour 1: the static ones need no
/// room of their own in a colour and leave colour 0 to the dynamic pairs, which are the harder to
/// place (Box2D v3's rule).
#define TT_WIDE_COLORS 24
#define TT_WIDE_DYNAMIC_COLORS 20
/// Points of a manifold that a block holds; manifolds with more go to the overflow.
#define TT_WIDE_POINTS 4

typedef float ttLanes[TT_WIDE_LANES];

// One point slot of a block, for all its lanes: the rows of ttSoftPoint in floats.
typedef struct ttWidePoint
{
	ttLanes crossA[3][3], crossB[3][3];     ///< [direction n, t1, t2][component]: r x d
	ttLanes angularA[3][3], angularB[3][3]; ///< I^-1 (r x d)
	ttLanes mass[3];
	ttLanes separation;        ///< at the start of the substep
	ttLanes prepareSeparation; ///< at the prepare (the real type's, rounded once)
	/// The followed anchors (ttSoftPoint.followA, followB) at the prepare, from the centres of mass
	/// in world axes: the separation later moves by what the bodies' motion since then does to them.
	ttLanes offsetA[3], offsetB[3];
	ttLanes normalImpulse;
	ttLanes tangentImpulse[2];
	ttLanes maxNormalImpulse;
	ttLanes present; ///< mask: the lane's manifold has this point (else the slot is padding)
} ttWidePoint;

typedef struct ttWideBlock
{
	int manifold[TT_WIDE_LANES]; ///< index in world->softManifolds, -1 for a padding lane
	/// Each lane's bodies (side A, B), NULL for a padding lane: every stage gathers their
	/// velocities, so they are read here rather than through the lane's manifold.
	ttBody* body[2][TT_WIDE_LANES];
	/// Each lane's bodies (side A, B) as their place in the compact velocities of a run of stages
	/// (ttWideBodyVelocity, the awake index), -1 for a padding lane and a body that is not an
	/// awake dynamic one (read, or written, through its pointer instead).
	int slot[2][TT_WIDE_LANES];
	int pointCount; ///< the most points of a lane
	ttLanes normal[3], t1[3], t2[3];
	ttLanes staticFriction, dynamicFriction;
	ttLanes biasRate, massScale, impulseScale;
	ttLanes invMassA, invMassB;
	ttLanes multiPoint; ///< mask: the lane's manifold has several points (more than one sweep)
	/// Each lane's bodies at the prepare (side A, B), in the real type: the motion since then is a
	/// small difference of these and the bodies' pose now (ttWideLanes_BeginPoints).
	ttQuat prepareQ[2][TT_WIDE_LANES];
	ttVec3 prepareDelta[2][TT_WIDE_LANES];
	ttWidePoint points[TT_WIDE_POINTS];
} ttWideBlock;

/// An awake body's velocities while a run of stages solves (ttWideLanes_RunStages): a compact
/// copy, by awake index, that the blocks gather from and scatter to instead of the body records.
/// A ttBody is some 900 bytes, and its velocities, type and motion lie on three or four of its
/// cache lines, which the other loops of the substep and the other workers also touch; here a
/// body's velocities are 24 bytes in float, 48 in double (Box2D v3's b2BodyState, Box3D's
/// likewise). The real type's values, copied exactly: the states are the bits of solving on the
/// bodies themselves. One cache line each, at a line's start (ttWide_ReserveVelocities): blocks of
/// one colour on different workers write different bodies, and two bodies sharing a line would
/// pass it between the cores all the same.
#define TT_WIDE_CACHE_LINE 64
typedef struct ttWideBodyVelocity
{
	ttVec3 v, w;
	char padding[TT_WIDE_CACHE_LINE - 2 * sizeof( ttVec3 )];
} ttWideBodyVelocity;

/// An awake body's motion over the substep, for the relax: the displacement since the substep's
/// start and the rotation vector (ttBody.substepRotation).
typedef struct ttWideBodyMotion
{
	ttVec3 moved, turned;
} ttWideBodyMotion;

typedef struct ttWideState
{
	ttWideContacts base; ///< first: world->wideContacts points at it
	uint64_t* bodyBits;  ///< per colour, a bit per body index: the colour holds a manifold of it
	int bodyBitCapacity;
	int bodyWords;
	int colorCount;
	int colorFirstBlock[TT_WIDE_COLORS + 1];
	ttWideBlock* blocks;
	int blockCount, blockCapacity;
	int* overflow; ///< indices in world->softManifolds
	int overflowCount, overflowCapacity;
	int* colorOf; ///< per soft manifold: its colour, or -1 (overflow or no points)
	int colorOfCapacity;
	ttWideBodyVelocity* velocities; ///< per awake body, during a run of stages; in velocityMemory
	void* velocityMemory;           ///< as allocated (velocities starts at its first line)
	ttWideBodyMotion* motions;      ///< per awake body, during a run of stages with the relax
	int velocityCapacity, motionCapacity;
	/// The blocks solve on the compact velocities (a world with several workers): on one thread
	/// the copies in and out cost more than the gathers from the bodies save (docs/benchmarks.md),
	/// and both ways give the same bits.
	bool compact;
} ttWideState;

static ttWideState* ttWide_State( const ttWorld* world )
{
	return (ttWideState*)world->wideContacts;
}

static ttWideState* ttWide_Get( ttWorld* world )
{
	if ( world->wideContacts == NULL )
	{
		ttWideState* wide = ttAlloc( sizeof( ttWideState ) );
		if ( wide != NULL )
		{
			memset( wide, 0, sizeof( ttWideState ) );
			wide->base.variant = &TT_WIDE_VARIANT;
			world->wideContacts = &wide->base;
		}
	}
	return ttWide_State( world );
}

static void ttWideLanes_Destroy( ttWorld* world )
{
	ttWideState* wide = ttWide_State( world );
	if ( wide == NULL )
	{
		return;
	}
	ttFree( wide->bodyBits );
	ttFree( wide->blocks );
	ttFree( wide->overflow );
	ttFree( wide->colorOf );
	ttFree( wide->velocityMemory );
	ttFree( wide->motions );
	ttFree( wide );
	world->wideContacts = NULL;
}

static bool ttWideLanes_Ready( const ttWorld* world )
{
	return world->wideContacts != NULL && world->wideContacts->ready;
}

static int ttWideLanes_ColorCount( const ttWorld* world )
{
	return ttWideLanes_Ready( world ) ? ttWide_State( world )->colorCount : 0;
}

static int ttWideLanes_ColorBlockCount( const ttWorld* world, int color )
{
	const ttWideState* wide = ttWide_State( world );
	return wide->colorFirstBlock[color + 1] - wide->colorFirstBlock[color];
}

static int ttWideLanes_BlockCount( const ttWorld* world )
{
	return ttWideLanes_Ready( world ) ? ttWide_State( world )->blockCount : 0;
}

static int ttWideLanes_ColorFirstBlock( const ttWorld* world, int color )
{
	return ttWide_State( world )->colorFirstBlock[color];
}

static int ttWideLanes_BlockManifold( const ttWorld* world, int block, int lane )
{
	return ttWide_State( world )->blocks[block].manifold[lane];
}

static int ttWideLanes_OverflowCount( const ttWorld* world )
{
	return ttWideLanes_Ready( world ) ? ttWide_State( world )->overflowCount : 0;
}

static ttWideStageContext ttWideLanes_StageContext( ttWorld* world, ttWideStage stage, int color, ttReal h )
{
	return ( ttWideStageContext ){ world, stage, color, h };
}

// ---------------------------------------------------------------------------------------------
// Wide vectors

typedef struct ttWideVec
{
	ttWide x, y, z;
} ttWideVec;

static inline ttWideVec ttWideVec_Load( const ttLanes v[3] )
{
	return ( ttWideVec ){ ttWide_Load( v[0] ), ttWide_Load( v[1] ), ttWide_Load( v[2] ) };
}

static inline ttWide ttWideVec_Dot( ttWideVec a, ttWideVec b )
{
	return ttWide_MulAdd( a.x, b.x, ttWide_MulAdd( a.y, b.y, ttWide_Mul( a.z, b.z ) ) );
}

static inline ttWideVec ttWideVec_Sub( ttWideVec a, ttWideVec b )
{
	return ( ttWideVec ){ ttWide_Sub( a.x, b.x ), ttWide_Sub( a.y, b.y ), ttWide_Sub( a.z, b.z ) };
}

/// a + s * b
static inline ttWideVec ttWideVec_MulAdd( ttWideVec a, ttWide s, ttWideVec b )
{
	return ( ttWideVec ){ ttWide_MulAdd( s, b.x, a.x ), ttWide_MulAdd( s, b.y, a.y ), ttWide_MulAdd( s, b.z, a.z ) };
}

// ---------------------------------------------------------------------------------------------
// Colouring and layout

// The compact velocities, on whole cache lines (the allocator promises less than a line's
// alignment). They are refilled at every run of stages, so the old ones are not copied.
static bool ttWide_ReserveVelocities( ttWideState* wide, int needed )
{
	if ( needed <= wide->velocityCapacity )
	{
		return true;
	}
	int next = wide->velocityCapacity < 16 ? 16 : wide->velocityCapacity;
	while ( next < needed )
	{
		next *= 2;
	}
	void* memory = ttAlloc( sizeof( ttWideBodyVelocity ) * (size_t)next + TT_WIDE_CACHE_LINE - 1 );
	if ( memory == NULL )
	{
		return false;
	}
	ttFree( wide->velocityMemory );
	wide->velocityMemory = memory;
	uintptr_t address = ( (uintptr_t)memory + TT_WIDE_CACHE_LINE - 1 ) & ~(uintptr_t)( TT_WIDE_CACHE_LINE - 1 );
	wide->velocities = (ttWideBodyVelocity*)address;
	wide->velocityCapacity = next;
	return true;
}

static bool ttWide_Reserve( ttWideState* wide, int manifolds, int bodies, int awakeBodies )
{
	int words = ( bodies + 63 ) / 64;
	if ( ttReserve( (void**)&wide->bodyBits, &wide->bodyBitCapacity, TT_WIDE_COLORS * words, sizeof( uint64_t ) ) ==
	         false ||
	     ttWide_ReserveVelocities( wide, awakeBodies ) == false ||
	     ttReserve( (void**)&wide->motions, &wide->motionCapacity, awakeBodies, sizeof( ttWideBodyMotion ) ) == false ||
	     ttReserve( (void**)&wide->colorOf, &wide->colorOfCapacity, manifolds, sizeof( int ) ) == false ||
	     ttReserve( (void**)&wide->overflow, &wide->overflowCapacity, manifolds, sizeof( int ) ) == false )
	{
		return false;
	}
	wide->bodyWords = words;
	return true;
}

static bool ttWide_Taken( const ttWideState* wide, int color, int body )
{
	return body >= 0 && ( wide->bodyBits[color * wide->bodyWords + body / 64] >> ( body % 64 ) & 1u ) != 0;
}

static void ttWide_Take( ttWideState* wide, int color, int body )
{
	if ( body >= 0 )
	{
		wide->bodyBits[color * wide->bodyWords + body / 64] |= (uint64_t)1 << ( body % 64 );
	}
}

// The first colour in which neither moving body has a manifold yet, or -1.
static int ttWide_AssignColor( ttWideState* wide, const ttSoftManifold* sm )
{
	bool bothMove = sm->movingA >= 0 && sm->movingB >= 0;
	int first = bothMove ? 0 : 1;
	int last = bothMove ? TT_WIDE_DYNAMIC_COLORS : TT_WIDE_COLORS;
	for ( int color = first; color < last; ++color )
	{
		if ( ttWide_Taken( wide, color, sm->movingA ) == false && ttWide_Taken( wide, color, sm->movingB ) == false )
		{
			ttWide_Take( wide, color, sm->movingA );
			ttWide_Take( wide, color, sm->movingB );
			return color;
		}
	}
	return -1;
}

static void ttWide_SetLanes( ttLanes lanes, int lane, ttReal value )
{
	lanes[lane] = (float)value;
}

// A body's place in the compact velocities (its awake index) if the stages write it, else -1: a
// static or kinematic body is read through its pointer (its velocity is not the solve's to change)
// and so is a dynamic one that is not awake (a manifold keeps it awake; no such lane is expected),
// and every body where the blocks do not solve on the compact velocities.
static int ttWide_VelocitySlot( const ttWideState* wide, const ttBody* body )
{
	return wide->compact && body->type == ttBody_dynamic && body->awakeIndex >= 0 ? body->awakeIndex : -1;
}

// The parts of a lane that stay for the step: which manifold, its frame, friction and softness.
static void ttWide_FillLane( const ttWideState* wide, ttWideBlock* block, int lane, int manifoldIndex,
                             const ttSoftManifold* sm )
{
	block->manifold[lane] = manifoldIndex;
	block->body[0][lane] = sm->bodyA;
	block->body[1][lane] = sm->bodyB;
	block->slot[0][lane] = ttWide_VelocitySlot( wide, sm->bodyA );
	block->slot[1][lane] = ttWide_VelocitySlot( wide, sm->bodyB );
	block->prepareQ[0][lane] = sm->bodyA->q;
	block->prepareQ[1][lane] = sm->bodyB->q;
	block->prepareDelta[0][lane] = sm->bodyA->delta;
	block->prepareDelta[1][lane] = sm->bodyB->delta;
	ttVec3 frame[3] = { sm->normal, sm->t1, sm->t2 };
	ttLanes* targets[3] = { block->normal, block->t1, block->t2 };
	for ( int k = 0; k < 3; ++k )
	{
		ttWide_SetLanes( targets[k][0], lane, frame[k].x );
		ttWide_SetLanes( targets[k][1], lane, frame[k].y );
		ttWide_SetLanes( targets[k][2], lane, frame[k].z );
	}
	ttWide_SetLanes( block->staticFriction, lane, sm->staticFriction );
	ttWide_SetLanes( block->dynamicFriction, lane, sm->dynamicFriction );
	ttWide_SetLanes( block->biasRate, lane, sm->softness.biasRate );
	ttWide_SetLanes( block->massScale, lane, sm->softness.massScale );
	ttWide_SetLanes( block->impulseScale, lane, sm->softness.impulseScale );
	ttWide_SetLanes( block->invMassA, lane, sm->bodyA->invMass );
	ttWide_SetLanes( block->invMassB, lane, sm->bodyB->invMass );
	uint32_t all = 0xffffffffu;
	memcpy( &block->multiPoint[lane], sm->count > 1 ? &all : &( uint32_t ){ 0 }, sizeof( float ) );
}

static void ttWide_SetVector( ttLanes target[3], int lane, ttVec3 v )
{
	target[0][lane] = (float)v.x;
	target[1][lane] = (float)v.y;
	target[2][lane] = (float)v.z;
}

// Everything a lane's points need for the step, once after the prepare: the Jacobian, which stays
// for the step, and the impulses carried from the last step, which live here through the step.
// The angular parts and effective masses follow (ttWideContacts_RefreshRange).
static void ttWide_FillLanePoints( ttWideBlock* block, int lane, const ttSoftManifold* sm, const ttSoftPoint* points )
{
	uint32_t all = 0xffffffffu;
	for ( int j = 0; j < sm->count; ++j )
	{
		const ttSoftPoint* sp = points + sm->first + j;
		ttWidePoint* wp = block->points + j;
		for ( int k = 0; k < 3; ++k )
		{
			ttWide_SetVector( wp->crossA[k], lane, sp->crossA[k] );
			ttWide_SetVector( wp->crossB[k], lane, sp->crossB[k] );
		}
		wp->separation[lane] = (float)sp->separation;
		wp->prepareSeparation[lane] = (float)sp->separation;
		ttWide_SetVector( wp->offsetA, lane, sp->followOffsetA );
		ttWide_SetVector( wp->offsetB, lane, sp->followOffsetB );
		wp->normalImpulse[lane] = (float)sp->normalImpulse;
		wp->tangentImpulse[0][lane] = (float)sp->tangentImpulse[0];
		wp->tangentImpulse[1][lane] = (float)sp->tangentImpulse[1];
		memcpy( &wp->present[lane], &all, sizeof( float ) );
	}
}

static bool ttWideLanes_Build( ttWorld* world )
{
	if ( world->scalarContactSolve )
	{
		if ( world->wideContacts != NULL )
		{
			world->wideContacts->ready = false;
		}
		return false;
	}
	ttWideState* wide = ttWide_Get( world );
	if ( wide == NULL )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts solved one at a time" );
		return false;
	}
	wide->base.ready = false;
	wide->compact = ttTaskSystem_WorkerCount( &world->tasks ) > 1;
	int manifoldCount = world->softManifoldCount;
	// The compact velocities and motions only where the blocks solve on them.
	int compactBodies = wide->compact ? world->awakeBodyCount : 0;
	if ( ttWide_Reserve( wide, manifoldCount, world->bodies.count, compactBodies ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts solved one at a time" );
		return false;
	}
	memset( wide->bodyBits, 0, sizeof( uint64_t ) * (size_t)( TT_WIDE_COLORS * wide->bodyWords ) );
	int colorSize[TT_WIDE_COLORS] = { 0 };
	wide->overflowCount = 0;
	for ( int i = 0; i < manifoldCount; ++i )
	{
		const ttSoftManifold* sm = world->softManifolds + i;
		int color = -1;
		if ( sm->count > 0 && sm->count <= TT_WIDE_POINTS )
		{
			color = ttWide_AssignColor( wide, sm );
		}
		wide->colorOf[i] = color;
		if ( color >= 0 )
		{
			colorSize[color] += 1;
		}
		else if ( sm->count > 0 )
		{
			wide->overflow[wide->overflowCount++] = i;
		}
	}
	// Blocks: each colour's manifolds in the narrow phase's order, TT_WIDE_LANES at a time.
	int blockCount = 0;
	wide->colorCount = 0;
	for ( int color = 0; color < TT_WIDE_COLORS; ++color )
	{
		wide->colorFirstBlock[color] = blockCount;
		blockCount += ( colorSize[color] + TT_WIDE_LANES - 1 ) / TT_WIDE_LANES;
		if ( colorSize[color] > 0 )
		{
			wide->colorCount = color + 1;
		}
	}
	wide->colorFirstBlock[TT_WIDE_COLORS] = blockCount;
	if ( ttReserve( (void**)&wide->blocks, &wide->blockCapacity, blockCount, sizeof( ttWideBlock ) ) == false )
	{
		ttReportError( "ttWorld_Step", "out of memory: contacts solved one at a time" );
		return false;
	}
	wide->blockCount = blockCount;
	// Zeroed lanes and points are inert: a padding lane or point has no mass, so its impulses stay
	// zero. Only the point slots a block uses are cleared and touched: a block of one-point
	// manifolds (spheres) would otherwise clear and carry three unused slots.
	for ( int b = 0; b < blockCount; ++b )
	{
		ttWideBlock* block = wide->blocks + b;
		memset( block, 0, offsetof( ttWideBlock, points ) );
		for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
		{
			block->manifold[lane] = -1;
			block->slot[0][lane] = -1;
			block->slot[1][lane] = -1;
		}
	}
	int filled[TT_WIDE_COLORS] = { 0 };
	for ( int i = 0; i < manifoldCount; ++i )
	{
		int color = wide->colorOf[i];
		if ( color >= 0 )
		{
			int slot = filled[color]++;
			ttWideBlock* block = wide->blocks + wide->colorFirstBlock[color] + slot / TT_WIDE_LANES;
			int count = world->softManifolds[i].count;
			block->pointCount = count > block->pointCount ? count : block->pointCount;
		}
	}
	for ( int b = 0; b < blockCount; ++b )
	{
		memset( wide->blocks[b].points, 0, sizeof( ttWidePoint ) * (size_t)wide->blocks[b].pointCount );
	}
	memset( filled, 0, sizeof( filled ) );
	for ( int i = 0; i < manifoldCount; ++i )
	{
		int color = wide->colorOf[i];
		if ( color < 0 )
		{
			continue;
		}
		int slot = filled[color]++;
		int blockIndex = wide->colorFirstBlock[color] + slot / TT_WIDE_LANES;
		world->softManifolds[i].wideSlot = blockIndex * TT_WIDE_LANES + slot % TT_WIDE_LANES;
	}
	wide->base.ready = true;
	return true;
}

// A coloured manifold's lane, once its points are prepared (each manifold writes only its lane).
static void ttWideLanes_FillManifold( ttWorld* world, int manifoldIndex )
{
	const ttSoftManifold* sm = world->softManifolds + manifoldIndex;
	ttWideBlock* block = ttWide_State( world )->blocks + sm->wideSlot / TT_WIDE_LANES;
	ttWide_FillLane( ttWide_State( world ), block, sm->wideSlot % TT_WIDE_LANES, manifoldIndex, sm );
	ttWide_FillLanePoints( block, sm->wideSlot % TT_WIDE_LANES, sm, world->softPoints );
}

// ---------------------------------------------------------------------------------------------
// Per substep: separations in, impulses out, effective masses refreshed

static void ttWideLanes_BeginPoint( ttWorld* world, int wideSlot, int point, ttReal separation )
{
	ttWidePoint* wp = ttWide_State( world )->blocks[wideSlot / TT_WIDE_LANES].points + point;
	int lane = wideSlot % TT_WIDE_LANES;
	wp->separation[lane] = (float)separation;
	wp->maxNormalImpulse[lane] = 0;
}

static void ttWideLanes_PointImpulses( const ttWorld* world, int wideSlot, int point, ttReal* normal, ttReal tangent[2],
                                       ttReal* maxNormal, ttReal* separation )
{
	const ttWidePoint* wp = ttWide_State( world )->blocks[wideSlot / TT_WIDE_LANES].points + point;
	int lane = wideSlot % TT_WIDE_LANES;
	*separation = wp->separation[lane];
	*normal = wp->normalImpulse[lane];
	tangent[0] = wp->tangentImpulse[0][lane];
	tangent[1] = wp->tangentImpulse[1][lane];
	*maxNormal = wp->maxNormalImpulse[lane];
}

// A body's cached world inverse inertia, one float lane per column entry.
typedef struct ttWideMat3
{
	ttWideVec cx, cy, cz;
} ttWideMat3;

static ttWideMat3 ttWide_GatherInverseInertia( const ttWideBlock* block, bool sideB )
{
	ttLanes m[9];
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		const ttBody* body = block->body[sideB ? 1 : 0][lane];
		ttMat3 inertia = { TT_VEC3_ZERO, TT_VEC3_ZERO, TT_VEC3_ZERO };
		if ( body != NULL )
		{
			inertia = body->invInertiaWorld;
		}
		ttWide_SetVector( m, lane, inertia.cx );
		ttWide_SetVector( m + 3, lane, inertia.cy );
		ttWide_SetVector( m + 6, lane, inertia.cz );
	}
	return ( ttWideMat3 ){ ttWideVec_Load( m ), ttWideVec_Load( m + 3 ), ttWideVec_Load( m + 6 ) };
}

static ttWideVec ttWideMat3_MulVec( const ttWideMat3* m, ttWideVec v )
{
	ttWideVec r = { ttWide_Mul( v.x, m->cx.x ), ttWide_Mul( v.x, m->cx.y ), ttWide_Mul( v.x, m->cx.z ) };
	r = ttWideVec_MulAdd( r, v.y, m->cy );
	return ttWideVec_MulAdd( r, v.z, m->cz );
}

// v in the lanes set in mask; the others keep what they hold.
static void ttWideVec_StoreLanes( ttLanes target[3], ttWide mask, ttWideVec v )
{
	ttWide_Store( target[0], ttWide_Select( mask, v.x, ttWide_Load( target[0] ) ) );
	ttWide_Store( target[1], ttWide_Select( mask, v.y, ttWide_Load( target[1] ) ) );
	ttWide_Store( target[2], ttWide_Select( mask, v.z, ttWide_Load( target[2] ) ) );
}

// A lane's rows keep the effective masses of the prepare until one of its bodies has turned by
// more than this (radians) since then (Box2D v3 and Box3D keep the prepare's masses for the whole
// step). The inverse inertia in world axes, R I^-1 R^T, moves by about the angle times the
// inertia's anisotropy; a body at rest is not refreshed at all, a turning one every substep as
// before. The relax must project in the mass matrix the body has now, or it can raise the kinetic
// energy (tests/test_contact_energy.c): at 0.01 rad the coin of tests/test_coin.c, wobbling at
// 0.004 rad per step near its rest, kept rocking (0.64 deg of tilt and 1.9 cm/s after 12 s, where
// it lies still); 0.005 lets it settle, and this keeps a factor 5 below that.
#define TT_WIDE_REFRESH_TURN 0.001

// Per lane, whether either body turned more than TT_WIDE_REFRESH_TURN since the prepare: the
// vector part of q conj(q_prepare) is sin(angle / 2) long. Decided per lane, from that lane's
// bodies only, so that every width refreshes the same lanes (the same states).
static ttWide ttWide_TurnedLanes( const ttWideBlock* block )
{
	ttReal half = (ttReal)( 0.5 * TT_WIDE_REFRESH_TURN );
	ttReal limit = half * half;
	ttLanes turned;
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		uint32_t bits = 0;
		if ( block->manifold[lane] >= 0 )
		{
			for ( int side = 0; side < 2; ++side )
			{
				ttQuat turn = ttQuatMul( block->body[side][lane]->q, ttQuatConj( block->prepareQ[side][lane] ) );
				if ( turn.x * turn.x + turn.y * turn.y + turn.z * turn.z > limit )
				{
					bits = 0xffffffffu;
				}
			}
		}
		memcpy( &turned[lane], &bits, sizeof( float ) );
	}
	return ttWide_Load( turned );
}

// ttUpdatePointMasses, wide: the angular parts and effective masses at the inverse inertia as
// cached now, in every lane after the prepare and afterwards in the lanes that turned
// (ttWide_TurnedLanes). Padding points keep zero mass (their Jacobian is zero, but the bodies'
// inverse masses are not).
static void ttWideLanes_RefreshRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttWideRefreshContext* refresh = context;
	ttWorld* world = refresh->world;
	ttWide zero = ttWide_Zero();
	ttWide one = ttWide_Splat( 1.0f );
	ttWide all = ttWide_Greater( one, zero );
	for ( int b = start; b < end; ++b )
	{
		ttWideBlock* block = ttWide_State( world )->blocks + b;
		ttWide lanes = all;
		if ( refresh->turnedOnly )
		{
			lanes = ttWide_TurnedLanes( block );
			if ( ttWide_AnySet( lanes ) == false )
			{
				continue;
			}
		}
		ttWideMat3 inertiaA = ttWide_GatherInverseInertia( block, false );
		ttWideMat3 inertiaB = ttWide_GatherInverseInertia( block, true );
		ttWide invMass = ttWide_Add( ttWide_Load( block->invMassA ), ttWide_Load( block->invMassB ) );
		for ( int j = 0; j < block->pointCount; ++j )
		{
			ttWidePoint* wp = block->points + j;
			ttWide present = ttWide_Load( wp->present );
			for ( int k = 0; k < 3; ++k )
			{
				ttWideVec crossA = ttWideVec_Load( wp->crossA[k] );
				ttWideVec crossB = ttWideVec_Load( wp->crossB[k] );
				ttWideVec angularA = ttWideMat3_MulVec( &inertiaA, crossA );
				ttWideVec angularB = ttWideMat3_MulVec( &inertiaB, crossB );
				ttWide k11 = ttWide_Add(
				    invMass, ttWide_Add( ttWideVec_Dot( crossA, angularA ), ttWideVec_Dot( crossB, angularB ) ) );
				ttWide positive = ttWide_And( present, ttWide_Greater( k11, zero ) );
				// The floor keeps the quotient finite in the lanes the mask drops.
				ttWide mass = ttWide_And( positive, ttWide_Div( one, ttWide_Max( k11, ttWide_Splat( 1e-30f ) ) ) );
				ttWideVec_StoreLanes( wp->angularA[k], lanes, angularA );
				ttWideVec_StoreLanes( wp->angularB[k], lanes, angularB );
				ttWide_Store( wp->mass[k], ttWide_Select( lanes, mass, ttWide_Load( wp->mass[k] ) ) );
			}
		}
	}
}

// Blocks per range of the loops on the world's workers: a block of 4 manifolds costs about a
// microsecond per stage, so a range of 8 is worth handing to another thread.
#define TT_WIDE_BLOCKS_PER_RANGE 8

static void ttWideLanes_RefreshMasses( ttWorld* world, bool turnedOnly )
{
	if ( ttWideLanes_Ready( world ) )
	{
		ttWideRefreshContext context = { world, turnedOnly };
		ttParallelFor( &world->tasks, ttWide_State( world )->blockCount, TT_WIDE_BLOCKS_PER_RANGE,
		               ttWideLanes_RefreshRange, &context );
	}
}

// ---------------------------------------------------------------------------------------------
// Each substep's separations, followed in the blocks

static inline ttWideVec ttWideVec_Cross( ttWideVec a, ttWideVec b )
{
	return ( ttWideVec ){ ttWide_Sub( ttWide_Mul( a.y, b.z ), ttWide_Mul( a.z, b.y ) ),
	                      ttWide_Sub( ttWide_Mul( a.z, b.x ), ttWide_Mul( a.x, b.z ) ),
	                      ttWide_Sub( ttWide_Mul( a.x, b.y ), ttWide_Mul( a.y, b.x ) ) };
}

// How far one side of each lane moved since the prepare, in the real type and then in floats: the
// displacement of its centre and the rotation q conj(q_prepare) (vector part and scalar).
static void ttWide_GatherMotionSincePrepare( const ttWideBlock* block, int side, ttWideVec* displacement,
                                             ttWideVec* turnVector, ttWide* turnScalar )
{
	ttLanes d[3], v[3], w;
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		ttVec3 moved = TT_VEC3_ZERO;
		ttQuat turn = { 0, 0, 0, 1 };
		const ttBody* body = block->body[side][lane];
		if ( body != NULL )
		{
			moved = ttSub( body->delta, block->prepareDelta[side][lane] );
			turn = ttQuatMul( body->q, ttQuatConj( block->prepareQ[side][lane] ) );
		}
		ttWide_SetVector( d, lane, moved );
		ttWide_SetVector( v, lane, ( ttVec3 ){ turn.x, turn.y, turn.z } );
		w[lane] = (float)turn.w;
	}
	*displacement = ttWideVec_Load( d );
	*turnVector = ttWideVec_Load( v );
	*turnScalar = ttWide_Load( w );
}

// (R - I) r for the rotation of a unit quaternion (u, w): w t + u x t with t = 2 u x r
// (ttRotate less r). Small where the rotation is, and rounded relative to its own size.
static inline ttWideVec ttWide_TurnOffset( ttWideVec u, ttWide w, ttWideVec r )
{
	ttWideVec t = ttWideVec_Cross( u, r );
	ttWide two = ttWide_Splat( 2.0f );
	t = ( ttWideVec ){ ttWide_Mul( two, t.x ), ttWide_Mul( two, t.y ), ttWide_Mul( two, t.z ) };
	ttWideVec ut = ttWideVec_Cross( u, t );
	return ( ttWideVec ){ ttWide_MulAdd( w, t.x, ut.x ), ttWide_MulAdd( w, t.y, ut.y ), ttWide_MulAdd( w, t.z, ut.z ) };
}

// ttFollowedSeparation in the blocks: the separation at the prepare (found in the real type) plus
// what the motion since then did to the followed anchors along the normal,
//   s = s_prepare + ((dB - dA) + (R_dB - I) fB - (R_dA - I) fA) . n,
// with d each centre's displacement since the prepare, R_d its rotation since then and f its
// anchor's offset at the prepare (Box2D v3's deltaPosition and deltaRotation). Every float term is
// as small as the motion, so its rounding is too: the separation as the difference of the anchors'
// world positions, terms as long as the bodies, rounded to 2e-8 m in floats and pushed a resting
// arrow of the Fig. 16 crossbow off its rest (tests/test_long_range.c).
static void ttWideLanes_BeginRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttWideStageContext* stage = context;
	const ttWorld* world = stage->world;
	ttWide zero = ttWide_Zero();
	for ( int b = start; b < end; ++b )
	{
		ttWideBlock* block = ttWide_State( world )->blocks + b;
		ttWideVec moveA, moveB, turnA, turnB;
		ttWide turnScalarA, turnScalarB;
		ttWide_GatherMotionSincePrepare( block, 0, &moveA, &turnA, &turnScalarA );
		ttWide_GatherMotionSincePrepare( block, 1, &moveB, &turnB, &turnScalarB );
		ttWideVec n = ttWideVec_Load( block->normal );
		ttWide moved = ttWideVec_Dot( ttWideVec_Sub( moveB, moveA ), n );
		for ( int j = 0; j < block->pointCount; ++j )
		{
			ttWidePoint* wp = block->points + j;
			ttWideVec turnedA = ttWide_TurnOffset( turnA, turnScalarA, ttWideVec_Load( wp->offsetA ) );
			ttWideVec turnedB = ttWide_TurnOffset( turnB, turnScalarB, ttWideVec_Load( wp->offsetB ) );
			ttWide change = ttWide_Add( moved, ttWideVec_Dot( ttWideVec_Sub( turnedB, turnedA ), n ) );
			ttWide_Store( wp->separation, ttWide_Add( ttWide_Load( wp->prepareSeparation ), change ) );
			ttWide_Store( wp->maxNormalImpulse, zero );
		}
	}
}

// At the prepare's own substep the blocks hold its separations already, and zero increments.
static void ttWideLanes_BeginPoints( ttWorld* world, bool prepared )
{
	if ( prepared == false && ttWideLanes_Ready( world ) )
	{
		ttWideStageContext context = ttWideLanes_StageContext( world, ttWideStage_warmStart, 0, 0 );
		ttParallelFor( &world->tasks, ttWide_State( world )->blockCount, TT_WIDE_BLOCKS_PER_RANGE,
		               ttWideLanes_BeginRange, &context );
	}
}

// ---------------------------------------------------------------------------------------------
// The wide rows

// The velocities of one side of a block's lanes, gathered from the bodies; the values as gathered
// are kept so that the scatter adds only what the solve changed (a double build keeps its
// velocities' precision; the solve itself is in floats).
typedef struct ttWideBodies
{
	ttBody* body[TT_WIDE_LANES];
	int slot[TT_WIDE_LANES]; ///< ttWideBlock.slot of the side
	ttWideBodyVelocity* velocities;
	const ttWideBodyMotion* motions;
	ttWideVec v, w;
	ttLanes gathered[6];
} ttWideBodies;

// From the compact velocities where the lane has a slot, else from the body (static, kinematic)
// or zero (padding).
static void ttWide_Gather( const ttWideState* wide, const ttWideBlock* block, bool sideB, ttWideBodies* out )
{
	out->velocities = wide->velocities;
	out->motions = wide->motions;
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		ttBody* body = block->body[sideB ? 1 : 0][lane];
		int slot = block->slot[sideB ? 1 : 0][lane];
		out->body[lane] = body;
		out->slot[lane] = slot;
		ttVec3 v = TT_VEC3_ZERO, w = TT_VEC3_ZERO;
		if ( slot >= 0 )
		{
			v = wide->velocities[slot].v;
			w = wide->velocities[slot].w;
		}
		else if ( body != NULL )
		{
			v = body->v;
			w = body->w;
		}
		out->gathered[0][lane] = (float)v.x;
		out->gathered[1][lane] = (float)v.y;
		out->gathered[2][lane] = (float)v.z;
		out->gathered[3][lane] = (float)w.x;
		out->gathered[4][lane] = (float)w.y;
		out->gathered[5][lane] = (float)w.z;
	}
	out->v = ttWideVec_Load( out->gathered );
	out->w = ttWideVec_Load( out->gathered + 3 );
}

// Only dynamic bodies are written: impulses do not move the others, and two lanes of one colour
// may share a static or kinematic body.
static void ttWide_Scatter( const ttWideBodies* in )
{
	ttLanes now[6];
	ttWide_Store( now[0], in->v.x );
	ttWide_Store( now[1], in->v.y );
	ttWide_Store( now[2], in->v.z );
	ttWide_Store( now[3], in->w.x );
	ttWide_Store( now[4], in->w.y );
	ttWide_Store( now[5], in->w.z );
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		ttVec3 *v, *w;
		if ( in->slot[lane] >= 0 )
		{
			v = &in->velocities[in->slot[lane]].v;
			w = &in->velocities[in->slot[lane]].w;
		}
		else
		{
			ttBody* body = in->body[lane];
			if ( body == NULL || body->type != ttBody_dynamic )
			{
				continue;
			}
			v = &body->v;
			w = &body->w;
		}
		v->x += (ttReal)( now[0][lane] - in->gathered[0][lane] );
		v->y += (ttReal)( now[1][lane] - in->gathered[1][lane] );
		v->z += (ttReal)( now[2][lane] - in->gathered[2][lane] );
		w->x += (ttReal)( now[3][lane] - in->gathered[3][lane] );
		w->y += (ttReal)( now[4][lane] - in->gathered[4][lane] );
		w->z += (ttReal)( now[5][lane] - in->gathered[5][lane] );
	}
}

// The substep's motion of one side (relax): displacement and rotation vector since its start.
static void ttWide_GatherMotion( const ttWideBodies* bodies, ttWideVec* displacement, ttWideVec* rotation )
{
	ttLanes d[3], r[3];
	for ( int lane = 0; lane < TT_WIDE_LANES; ++lane )
	{
		const ttBody* body = bodies->body[lane];
		ttVec3 moved = TT_VEC3_ZERO, turned = TT_VEC3_ZERO;
		if ( bodies->slot[lane] >= 0 )
		{
			moved = bodies->motions[bodies->slot[lane]].moved;
			turned = bodies->motions[bodies->slot[lane]].turned;
		}
		else if ( body != NULL )
		{
			moved = ttSub( body->delta, body->prevDelta );
			turned = body->substepRotation;
		}
		ttWide_SetVector( d, lane, moved );
		ttWide_SetVector( r, lane, turned );
	}
	*displacement = ttWideVec_Load( d );
	*rotation = ttWideVec_Load( r );
}

// Relative velocity of B's point against A's along one row: (vB - vA) . d + wB . (rB x d) -
// wA . (rA x d).
static inline ttWide ttWide_RowVelocity( const ttWideBodies* a, const ttWideBodies* b, ttWideVec direction,
                                         const ttLanes crossA[3], const ttLanes crossB[3] )
{
	ttWide linear = ttWideVec_Dot( ttWideVec_Sub( b->v, a->v ), direction );
	return ttWide_Sub( ttWide_Add( linear, ttWideVec_Dot( b->w, ttWideVec_Load( crossB ) ) ),
	                   ttWideVec_Dot( a->w, ttWideVec_Load( crossA ) ) );
}

// An impulse along one row, applied to both sides.
static inline void ttWide_ApplyRow( ttWideBodies* a, ttWideBodies* b, const ttWideBlock* block, ttWideVec direction,
                                    const ttLanes angularA[3], const ttLanes angularB[3], ttWide impulse )
{
	ttWide pushA = ttWide_Mul( impulse, ttWide_Load( block->invMassA ) );
	ttWide pushB = ttWide_Mul( impulse, ttWide_Load( block->invMassB ) );
	a->v = ttWideVec_MulAdd( a->v, ttWide_Sub( ttWide_Zero(), pushA ), direction );
	b->v = ttWideVec_MulAdd( b->v, pushB, direction );
	a->w = ttWideVec_MulAdd( a->w, ttWide_Sub( ttWide_Zero(), impulse ), ttWideVec_Load( angularA ) );
	b->w = ttWideVec_MulAdd( b->w, impulse, ttWideVec_Load( angularB ) );
}

static void ttWide_WarmStartBlock( const ttWideBlock* block, ttWideBodies* a, ttWideBodies* b )
{
	ttWideVec directions[3] = { ttWideVec_Load( block->normal ), ttWideVec_Load( block->t1 ),
	                            ttWideVec_Load( block->t2 ) };
	for ( int j = 0; j < block->pointCount; ++j )
	{
		const ttWidePoint* wp = block->points + j;
		ttWide impulses[3] = { ttWide_Load( wp->normalImpulse ), ttWide_Load( wp->tangentImpulse[0] ),
		                       ttWide_Load( wp->tangentImpulse[1] ) };
		for ( int k = 0; k < 3; ++k )
		{
			ttWide_ApplyRow( a, b, block, directions[k], wp->angularA[k], wp->angularB[k], impulses[k] );
		}
	}
}

// Coulomb friction with a circular cone: the point sticks while the tangential impulse stays
// within mu_s times the normal impulse, else it slides with mu_d (ttSolveFrictionPoint).
static void ttWide_SolveFriction( ttWideBlock* block, ttWideBodies* a, ttWideBodies* b )
{
	ttWideVec t1 = ttWideVec_Load( block->t1 );
	ttWideVec t2 = ttWideVec_Load( block->t2 );
	ttWide staticFriction = ttWide_Load( block->staticFriction );
	ttWide dynamicFriction = ttWide_Load( block->dynamicFriction );
	for ( int j = 0; j < block->pointCount; ++j )
	{
		ttWidePoint* wp = block->points + j;
		ttWide f1 = ttWide_Load( wp->tangentImpulse[0] );
		ttWide f2 = ttWide_Load( wp->tangentImpulse[1] );
		ttWide v1 = ttWide_RowVelocity( a, b, t1, wp->crossA[1], wp->crossB[1] );
		ttWide v2 = ttWide_RowVelocity( a, b, t2, wp->crossA[2], wp->crossB[2] );
		ttWide new1 = ttWide_Sub( f1, ttWide_Mul( ttWide_Load( wp->mass[1] ), v1 ) );
		ttWide new2 = ttWide_Sub( f2, ttWide_Mul( ttWide_Load( wp->mass[2] ), v2 ) );
		ttWide magnitude = ttWide_Sqrt( ttWide_MulAdd( new1, new1, ttWide_Mul( new2, new2 ) ) );
		ttWide normalImpulse = ttWide_Load( wp->normalImpulse );
		ttWide limit = ttWide_Mul( dynamicFriction, normalImpulse );
		ttWide slides = ttWide_And( ttWide_Greater( magnitude, ttWide_Mul( staticFriction, normalImpulse ) ),
		                            ttWide_Greater( magnitude, limit ) );
		// Lanes that do not slide never use the quotient; the floor keeps it finite there.
		ttWide scale = ttWide_Div( limit, ttWide_Max( magnitude, ttWide_Splat( 1e-30f ) ) );
		new1 = ttWide_Select( slides, ttWide_Mul( new1, scale ), new1 );
		new2 = ttWide_Select( slides, ttWide_Mul( new2, scale ), new2 );
		ttWide_ApplyRow( a, b, block, t1, wp->angularA[1], wp->angularB[1], ttWide_Sub( new1, f1 ) );
		ttWide_ApplyRow( a, b, block, t2, wp->angularA[2], wp->angularB[2], ttWide_Sub( new2, f2 ) );
		ttWide_Store( wp->tangentImpulse[0], new1 );
		ttWide_Store( wp->tangentImpulse[1], new2 );
	}
}

// The normals, swept until each lane's impulses agree (ttSoftContacts_SolveManifold): a lane that
// converged, or has one point, takes no further impulse while the others sweep on.
static void ttWide_SolveNormals( const ttWorld* world, ttWideBlock* block, ttWideBodies* a, ttWideBodies* b, ttReal h,
                                 bool useBias )
{
	ttWideVec n = ttWideVec_Load( block->normal );
	ttWide separation[TT_WIDE_POINTS];
	ttWideVec relativeMotion = { ttWide_Zero(), ttWide_Zero(), ttWide_Zero() };
	ttWideVec rotationA = relativeMotion, rotationB = relativeMotion;
	if ( useBias == false )
	{
		// The relax sees the separation moved on by the substep's motion, to first order in the
		// rotation (ttCurrentSeparation).
		ttWideVec displacementA, displacementB;
		ttWide_GatherMotion( a, &displacementA, &rotationA );
		ttWide_GatherMotion( b, &displacementB, &rotationB );
		relativeMotion = ttWideVec_Sub( displacementB, displacementA );
	}
	for ( int j = 0; j < block->pointCount; ++j )
	{
		const ttWidePoint* wp = block->points + j;
		separation[j] = ttWide_Load( wp->separation );
		if ( useBias == false )
		{
			ttWide moved = ttWide_Sub( ttWide_Add( ttWideVec_Dot( relativeMotion, n ),
			                                       ttWideVec_Dot( rotationB, ttWideVec_Load( wp->crossB[0] ) ) ),
			                           ttWideVec_Dot( rotationA, ttWideVec_Load( wp->crossA[0] ) ) );
			separation[j] = ttWide_Add( separation[j], moved );
		}
	}
	ttWide zero = ttWide_Zero();
	ttWide one = ttWide_Splat( 1.0f );
	ttWide inverseH = ttWide_Splat( (float)( 1 / h ) );
	ttWide biasRate = ttWide_Load( block->biasRate );
	ttWide softMassScale = ttWide_Load( block->massScale );
	ttWide softImpulseScale = ttWide_Load( block->impulseScale );
	ttWide maxPushout = ttWide_Splat( (float)-world->maxPushoutSpeed );
	ttWide tolerance = ttWide_Splat( 1e-3f );
	ttWide active = ttWide_Greater( one, zero ); // all lanes
	for ( int sweep = 0; sweep < TT_SOFT_NORMAL_SWEEPS; ++sweep )
	{
		ttWide change = zero, size = zero;
		for ( int j = 0; j < block->pointCount; ++j )
		{
			ttWidePoint* wp = block->points + j;
			ttWide s = separation[j];
			// s > 0: speculative, the gap may close within this substep and no more; else the
			// soft push-out (biased solve) or none (relax).
			ttWide speculative = ttWide_Greater( s, zero );
			ttWide bias = ttWide_Mul( s, inverseH );
			ttWide massScale = one, impulseScale = zero;
			if ( useBias )
			{
				bias = ttWide_Select( speculative, bias, ttWide_Max( ttWide_Mul( biasRate, s ), maxPushout ) );
				massScale = ttWide_Select( speculative, one, softMassScale );
				impulseScale = ttWide_AndNot( speculative, softImpulseScale );
			}
			else
			{
				bias = ttWide_And( speculative, bias );
			}
			ttWide vn = ttWide_RowVelocity( a, b, n, wp->crossA[0], wp->crossB[0] );
			ttWide accumulated = ttWide_Load( wp->normalImpulse );
			ttWide impulse =
			    ttWide_Sub( ttWide_Mul( ttWide_Sub( zero, ttWide_Mul( ttWide_Load( wp->mass[0] ), massScale ) ),
			                            ttWide_Add( vn, bias ) ),
			                ttWide_Mul( impulseScale, accumulated ) );
			ttWide total = ttWide_Max( ttWide_Add( accumulated, impulse ), zero );
			total = ttWide_Select( active, total, accumulated );
			impulse = ttWide_Sub( total, accumulated );
			ttWide_Store( wp->normalImpulse, total );
			ttWide_Store( wp->maxNormalImpulse, ttWide_Max( ttWide_Load( wp->maxNormalImpulse ), impulse ) );
			ttWide_ApplyRow( a, b, block, n, wp->angularA[0], wp->angularB[0], impulse );
			change = ttWide_Add( change, ttWide_Abs( impulse ) );
			size = ttWide_Add( size, total );
		}
		active = ttWide_And( active, ttWide_Greater( change, ttWide_Mul( tolerance, size ) ) );
		if ( sweep == 0 )
		{
			active = ttWide_And( active, ttWide_Load( block->multiPoint ) );
		}
		if ( ttWide_AnySet( active ) == false )
		{
			break;
		}
	}
}

static void ttWideLanes_SolveColorRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttWideStageContext* stage = context;
	ttWorld* world = stage->world;
	ttWideBlock* blocks = ttWide_State( world )->blocks + ttWide_State( world )->colorFirstBlock[stage->color];
	for ( int i = start; i < end; ++i )
	{
		ttWideBlock* block = blocks + i;
		ttWideBodies a, b;
		ttWide_Gather( ttWide_State( world ), block, false, &a );
		ttWide_Gather( ttWide_State( world ), block, true, &b );
		if ( stage->stage == ttWideStage_warmStart )
		{
			ttWide_WarmStartBlock( block, &a, &b );
		}
		else
		{
			// Friction first: non-penetration has the last word in the sweep.
			ttWide_SolveFriction( block, &a, &b );
			ttWide_SolveNormals( world, block, &a, &b, stage->h, stage->stage == ttWideStage_solve );
		}
		ttWide_Scatter( &a );
		ttWide_Scatter( &b );
	}
}

// An overflow manifold is solved scalar on its bodies' records: their velocities are taken from
// the compact copy before and put back after (the manifolds run one at a time, so nothing else
// holds them meanwhile).
static void ttWide_VelocityToBody( const ttWideState* wide, ttBody* body )
{
	int slot = ttWide_VelocitySlot( wide, body );
	if ( slot >= 0 )
	{
		body->v = wide->velocities[slot].v;
		body->w = wide->velocities[slot].w;
	}
}

static void ttWide_VelocityFromBody( ttWideState* wide, const ttBody* body )
{
	int slot = ttWide_VelocitySlot( wide, body );
	if ( slot >= 0 )
	{
		wide->velocities[slot].v = body->v;
		wide->velocities[slot].w = body->w;
	}
}

static void ttWideLanes_SolveOverflow( ttWorld* world, ttWideStage stage, ttReal h )
{
	ttWideState* wide = ttWide_State( world );
	for ( int i = 0; i < wide->overflowCount; ++i )
	{
		ttSoftManifold* sm = world->softManifolds + wide->overflow[i];
		ttWide_VelocityToBody( wide, sm->bodyA );
		ttWide_VelocityToBody( wide, sm->bodyB );
		if ( stage == ttWideStage_warmStart )
		{
			ttSoftContacts_WarmStartManifold( sm, world->softPoints );
		}
		else
		{
			ttSoftContacts_SolveManifold( world, sm, world->softPoints, h, stage == ttWideStage_solve );
		}
		ttWide_VelocityFromBody( wide, sm->bodyA );
		ttWide_VelocityFromBody( wide, sm->bodyB );
	}
}

// Bodies per range of the copies in and out of the compact velocities: a copy of one cache line
// each, as cheap per body as step.c's body loops.
#define TT_WIDE_BODIES_PER_RANGE 64

typedef struct ttWideBodyCopy
{
	ttWorld* world;
	bool motion; ///< also each body's substep motion (a run with the relax)
} ttWideBodyCopy;

static void ttWideLanes_LoadBodiesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttWideBodyCopy* copy = context;
	ttWorld* world = copy->world;
	ttWideState* wide = ttWide_State( world );
	for ( int i = start; i < end; ++i )
	{
		const ttBody* body = ttWorld_Body( world, world->awakeBodies[i] );
		wide->velocities[i].v = body->v;
		wide->velocities[i].w = body->w;
		if ( copy->motion )
		{
			wide->motions[i] = ( ttWideBodyMotion ){ ttSub( body->delta, body->prevDelta ), body->substepRotation };
		}
	}
}

static void ttWideLanes_StoreBodiesRange( int start, int end, int worker, void* context )
{
	(void)worker;
	const ttWideBodyCopy* copy = context;
	ttWorld* world = copy->world;
	const ttWideState* wide = ttWide_State( world );
	for ( int i = start; i < end; ++i )
	{
		ttBody* body = ttWorld_Body( world, world->awakeBodies[i] );
		if ( body->type == ttBody_dynamic )
		{
			body->v = wide->velocities[i].v;
			body->w = wide->velocities[i].w;
		}
	}
}

// The stages in order, each colour by colour and then its overflow, on the compact velocities:
// copied from the awake bodies once before the first stage and back once after the last.
static bool ttWideLanes_RunStages( ttWorld* world, const ttWideStage* stages, int stageCount, ttReal h )
{
	ttWideState* wide = ttWide_State( world );
	int bodyCount = world->awakeBodyCount;
	// The build of this step reserved them for the same awake bodies; a world whose awake list
	// changed since (it does not within a step) is solved scalar.
	if ( wide->compact && ( wide->velocityCapacity < bodyCount || wide->motionCapacity < bodyCount ) )
	{
		return false;
	}
	ttWideBodyCopy copy = { world, false };
	for ( int s = 0; s < stageCount; ++s )
	{
		copy.motion = copy.motion || stages[s] == ttWideStage_relax;
	}
	if ( wide->compact )
	{
		ttParallelFor( &world->tasks, bodyCount, TT_WIDE_BODIES_PER_RANGE, ttWideLanes_LoadBodiesRange, &copy );
	}
	int colorCount = ttWideLanes_ColorCount( world );
	for ( int s = 0; s < stageCount; ++s )
	{
		for ( int color = 0; color < colorCount; ++color )
		{
			// Blocks of one colour share no dynamic body: they run on the workers at once, and the
			// colours one after another (each ttParallelFor returns when its blocks are done).
			ttWideStageContext context = ttWideLanes_StageContext( world, stages[s], color, h );
			ttParallelFor( &world->tasks, ttWideLanes_ColorBlockCount( world, color ), TT_WIDE_BLOCKS_PER_RANGE,
			               ttWideLanes_SolveColorRange, &context );
		}
		ttWideLanes_SolveOverflow( world, stages[s], h );
	}
	if ( wide->compact )
	{
		ttParallelFor( &world->tasks, bodyCount, TT_WIDE_BODIES_PER_RANGE, ttWideLanes_StoreBodiesRange, &copy );
	}
	return true;
}

const ttWideVariant TT_WIDE_VARIANT = {
    .width = TT_WIDE_WIDTH,
    .lanes = TT_WIDE_LANES,
    .build = ttWideLanes_Build,
    .fillManifold = ttWideLanes_FillManifold,
    .destroy = ttWideLanes_Destroy,
    .colorCount = ttWideLanes_ColorCount,
    .colorBlockCount = ttWideLanes_ColorBlockCount,
    .blockCount = ttWideLanes_BlockCount,
    .colorFirstBlock = ttWideLanes_ColorFirstBlock,
    .blockManifold = ttWideLanes_BlockManifold,
    .overflowCount = ttWideLanes_OverflowCount,
    .runStages = ttWideLanes_RunStages,
    .refreshRange = ttWideLanes_RefreshRange,
    .refreshMasses = ttWideLanes_RefreshMasses,
    .beginPoint = ttWideLanes_BeginPoint,
    .beginPoints = ttWideLanes_BeginPoints,
    .pointImpulses = ttWideLanes_PointImpulses,
};
