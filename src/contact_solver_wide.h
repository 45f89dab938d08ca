// SPDX-License-Identifier: MIT
// The soft-step contacts solved several manifolds at a time (issue 11, item 3), after Box2D v3's
// constraint graph and wide contact solver. Whenever the soft-step rows are prepared, the
// manifolds are coloured so that no two of a colour share a body that impulses move (static and
// kinematic bodies do not count), and each colour is laid out in blocks of TT_WIDE_LANES
// manifolds, structure of arrays in floats, lanes padded with inert rows. A stage (warm start,
// biased solve, relax) runs colour after colour; within a colour the blocks touch disjoint moving
// bodies, so any split of a colour's blocks may run at once (threads). With several workers, a
// run of stages (ttWideContacts_RunStages) solves on a compact copy of the awake bodies'
// velocities, a cache line each, copied in before and back after. Manifolds that found no
// colour, or have more than TT_WIDE_POINTS points, are the overflow: solved scalar after the
// colours by contact_solver_soft.c's own code.
//
// The blocks are laid out between the prepare of the manifolds and that of their points, and each
// lane is filled from its manifold's per-point rows of contact_solver_soft.c as soon as those are
// prepared (ttWideContacts_FillManifold); the blocks then hold the Jacobians, effective masses
// and impulses of their manifolds through the step; the per-point rows keep what the scalar parts
// use (the restitution sweeps, the manifolds solved scalar) and read the impulses from the blocks
// (ttWideContacts_PointImpulses).
//
// The lanes are chosen at run time (contact_solver_wide_variant.h): AVX2's 8 where the CPU and OS
// support it, SSE2's 4 on other x86 CPUs, 4 lanes of plain loops elsewhere; every width gives the
// same states. The environment variable TETHER_SIMD=avx2|sse2|scalar, read once, or
// ttWideContacts_SelectWidth forces one.
#pragma once

#include "core.h"

typedef struct ttWorld ttWorld;

/// The instruction sets the wide solve is compiled for (those of this build and CPU:
/// ttWideContacts_WidthAvailable).
typedef enum ttSimdWidth
{
	ttSimdWidth_scalar, ///< 4 lanes of plain loops (every CPU)
	ttSimdWidth_sse2,   ///< 4 lanes (x86)
	ttSimdWidth_avx2,   ///< 8 lanes (x86 with AVX2 and an OS that saves the YMM registers)
	ttSimdWidth_count,
} ttSimdWidth;

typedef enum ttWideStage
{
	ttWideStage_warmStart,
	ttWideStage_solve,
	ttWideStage_relax,
} ttWideStage;

/// What one stage of one colour reads; every range of that colour shares it read-only.
typedef struct ttWideStageContext
{
	ttWorld* world;
	ttWideStage stage;
	int color;
	ttReal h;
} ttWideStageContext;

/// Colour the world's soft manifolds (their bodies and point counts prepared, their points not
/// yet) and lay out the blocks; each coloured manifold gets its ttSoftManifold.wideSlot. Returns
/// false when memory ran out (reported): then ttWideContacts_Ready is false and the caller solves
/// scalar.
bool ttWideContacts_Build( ttWorld* world );
/// A coloured manifold's lane filled from its prepared points (Jacobian, separations, carried
/// impulses), after ttWideContacts_Build; manifolds of one block may be filled at once.
void ttWideContacts_FillManifold( ttWorld* world, int manifoldIndex );
bool ttWideContacts_Ready( const ttWorld* world );
void ttWideContacts_Destroy( ttWorld* world );

int ttWideContacts_ColorCount( const ttWorld* world );
int ttWideContacts_ColorBlockCount( const ttWorld* world, int color );
int ttWideContacts_BlockCount( const ttWorld* world );
/// The first block of a colour (blocks of a colour are consecutive).
int ttWideContacts_ColorFirstBlock( const ttWorld* world, int color );
/// The soft manifold (index in world->softManifolds) in a lane of a block, -1 for padding.
int ttWideContacts_BlockManifold( const ttWorld* world, int block, int lane );
/// How many manifolds are solved scalar after the colours.
int ttWideContacts_OverflowCount( const ttWorld* world );
/// The lanes of the selected width (ttWideContacts_SelectedWidth).
int ttWideContacts_Lanes( void );
ttWideStageContext ttWideContacts_StageContext( ttWorld* world, ttWideStage stage, int color, ttReal h );

/// The stages in order, each every colour (the blocks of a colour on the world's workers) and then
/// the overflow manifolds (scalar, serial). The awake bodies' velocities are copied into a compact
/// array before the first stage, solved there, and copied back after the last: nothing else may
/// read or write the bodies' velocities in between. False (nothing done) where that array was not
/// reserved for the awake bodies by this step's build; the caller solves scalar then.
bool ttWideContacts_RunStages( ttWorld* world, const ttWideStage* stages, int stageCount, ttReal h );

/// What a refresh of the effective masses reads; every range shares it read-only.
typedef struct ttWideRefreshContext
{
	ttWorld* world;
	/// Only the lanes whose bodies turned noticeably since the prepare (the refresh before each
	/// relax); false: every lane (after the prepare).
	bool turnedOnly;
} ttWideRefreshContext;

/// After the bodies' inverse inertia is cached again: the angular parts and effective masses of
/// blocks [start, end) from it (context: a ttWideRefreshContext*).
void ttWideContacts_RefreshRange( int start, int end, int worker, void* context );
/// RefreshRange over every block, on the world's workers; nothing when not ready.
void ttWideContacts_RefreshMasses( ttWorld* world, bool turnedOnly );

/// Every coloured point at the start of a substep: its separation followed from the bodies' motion
/// since the prepare (nothing when `prepared`: the blocks hold the prepare's separations), the
/// largest increment reset; on the workers, over the blocks. Nothing when not ready.
void ttWideContacts_BeginPoints( ttWorld* world, bool prepared );
/// A point of a coloured manifold (ttSoftManifold.wideSlot) at the start of a substep: its
/// separation (found in the real type by contact_solver_soft.c, which overrides the blocks' own for
/// the manifolds with restitution), the largest increment reset.
void ttWideContacts_BeginPoint( ttWorld* world, int wideSlot, int point, ttReal separation );
/// A point of a coloured manifold (ttSoftManifold.wideSlot) as the wide solve left it: impulses
/// (restitution, readouts) and the separation at the substep's start.
void ttWideContacts_PointImpulses( const ttWorld* world, int wideSlot, int point, ttReal* normal, ttReal tangent[2],
                                   ttReal* maxNormal, ttReal* separation );

/// Whether this build holds the width and this CPU runs it.
bool ttWideContacts_WidthAvailable( ttSimdWidth width );
/// The width the next ttWideContacts_Build of every world uses: the fastest available, unless
/// TETHER_SIMD (read on the first call) or ttWideContacts_SelectWidth said otherwise.
ttSimdWidth ttWideContacts_SelectedWidth( void );
/// Force a width (tests, benchmarks) from every world's next build on (the blocks are rebuilt from
/// the per-point rows there, so the states do not change); call it between steps. False
/// (reported) when the width is not available.
bool ttWideContacts_SelectWidth( ttSimdWidth width );
/// "scalar", "sse2", "avx2"; NULL when out of range.
const char* ttWideContacts_WidthName( ttSimdWidth width );
