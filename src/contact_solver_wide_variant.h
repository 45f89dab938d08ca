// SPDX-License-Identifier: MIT
// The wide contact solve is compiled once per instruction set (contact_solver_wide_scalar.c,
// _sse2.c, _avx2.c, each including contact_solver_wide_impl.h), and contact_solver_wide.c picks
// one at run time: AVX2 (8 lanes) where the CPU and the OS support it, SSE2 (4 lanes) on other
// x86 CPUs, plain loops (4 lanes) elsewhere. The block layout depends on the lane count, so a
// world's blocks are always built and read by one variant: the one it was last built with.
#pragma once

#include "contact_solver_wide.h"
#include "task.h"

// Which variants this build holds. SSE2 wherever the compiler targets it (every x86-64 compiler,
// Emscripten with -msse2); AVX2 only where the build compiled contact_solver_wide_avx2.c with
// AVX2 enabled (CMake defines TT_WIDE_AVX2_VARIANT on x86 targets).
#if ( defined( __SSE2__ ) || defined( _M_X64 ) || ( defined( _M_IX86_FP ) && _M_IX86_FP >= 2 ) ) &&                    \
    !defined( TT_NO_SIMD )
#define TT_WIDE_HAS_SSE2 1
#endif
#if defined( TT_WIDE_AVX2_VARIANT ) && !defined( TT_NO_SIMD )
#define TT_WIDE_HAS_AVX2 1
#endif

/// One compiled variant: the functions of contact_solver_wide.h that depend on the layout.
typedef struct ttWideVariant
{
	ttSimdWidth width;
	int lanes;
	bool ( *build )( ttWorld* world );
	void ( *fillManifold )( ttWorld* world, int manifoldIndex );
	void ( *destroy )( ttWorld* world );
	int ( *colorCount )( const ttWorld* world );
	int ( *colorBlockCount )( const ttWorld* world, int color );
	int ( *blockCount )( const ttWorld* world );
	int ( *colorFirstBlock )( const ttWorld* world, int color );
	int ( *blockManifold )( const ttWorld* world, int block, int lane );
	int ( *overflowCount )( const ttWorld* world );
	bool ( *runStages )( ttWorld* world, const ttWideStage* stages, int stageCount, ttReal h );
	ttRangeFn* refreshRange;
	void ( *refreshMasses )( ttWorld* world, bool turnedOnly );
	void ( *beginPoint )( ttWorld* world, int wideSlot, int point, ttReal separation );
	void ( *beginPoints )( ttWorld* world, bool prepared );
	void ( *pointImpulses )( const ttWorld* world, int wideSlot, int point, ttReal* normal, ttReal tangent[2],
	                         ttReal* maxNormal, ttReal* separation );
} ttWideVariant;

/// The head of every variant's state (world->wideContacts points at it): which variant built it.
typedef struct ttWideContacts
{
	const ttWideVariant* variant;
	bool ready;
} ttWideContacts;

extern const ttWideVariant ttWideVariant_scalar;
#if defined( TT_WIDE_HAS_SSE2 )
extern const ttWideVariant ttWideVariant_sse2;
#endif
#if defined( TT_WIDE_HAS_AVX2 )
extern const ttWideVariant ttWideVariant_avx2;
#endif
