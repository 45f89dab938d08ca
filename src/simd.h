// SPDX-License-Identifier: MIT
// Wide float math for the coloured contact solve: TT_WIDE_LANES floats processed as one value.
// The includer picks the path (contact_solver_wide_scalar.c, _sse2.c, _avx2.c, one object each,
// chosen at run time): TT_SIMD_WANT_AVX2 (8 lanes; the file must be compiled with AVX2 enabled),
// TT_SIMD_WANT_SSE2 (4 lanes, every x86-64 compiler), TT_SIMD_WANT_SCALAR (a plain struct of 4
// floats with loops, which compilers vectorise where they can: ARM, Emscripten without -msse2,
// other CPUs). Without a choice, the widest the compiler targets. The solver rows are floats in
// every build: they are a velocity solve's Jacobians and impulses, where single precision is
// ample, and it is what lets 4 (or 8) rows share one register (Box2D v3 makes the same choice).
#pragma once

#include <stdbool.h>

#if defined( TT_SIMD_WANT_AVX2 )
#if !defined( __AVX2__ )
#error "TT_SIMD_WANT_AVX2 needs the file compiled with AVX2 enabled (-mavx2, /arch:AVX2)"
#endif
#define TT_SIMD_AVX2 1
#elif defined( TT_SIMD_WANT_SSE2 )
#define TT_SIMD_SSE2 1
#elif defined( TT_SIMD_WANT_SCALAR ) || defined( TT_NO_SIMD )
#define TT_SIMD_SCALAR 1
#elif defined( __AVX2__ )
#define TT_SIMD_AVX2 1
#elif defined( __SSE2__ ) || defined( _M_X64 ) || ( defined( _M_IX86_FP ) && _M_IX86_FP >= 2 )
#define TT_SIMD_SSE2 1
#else
#define TT_SIMD_SCALAR 1
#endif

#if defined( TT_SIMD_AVX2 )
#define TT_WIDE_LANES 8
#include <immintrin.h>
#elif defined( TT_SIMD_SSE2 )
#define TT_WIDE_LANES 4
#include <emmintrin.h>
#else
#define TT_WIDE_LANES 4
#endif

#if defined( TT_SIMD_AVX2 )

typedef __m256 ttWide;

static inline ttWide ttWide_Load( const float* p )
{
	return _mm256_loadu_ps( p );
}
static inline void ttWide_Store( float* p, ttWide a )
{
	_mm256_storeu_ps( p, a );
}
static inline ttWide ttWide_Splat( float s )
{
	return _mm256_set1_ps( s );
}
static inline ttWide ttWide_Zero( void )
{
	return _mm256_setzero_ps();
}
static inline ttWide ttWide_Add( ttWide a, ttWide b )
{
	return _mm256_add_ps( a, b );
}
static inline ttWide ttWide_Sub( ttWide a, ttWide b )
{
	return _mm256_sub_ps( a, b );
}
static inline ttWide ttWide_Mul( ttWide a, ttWide b )
{
	return _mm256_mul_ps( a, b );
}
static inline ttWide ttWide_Div( ttWide a, ttWide b )
{
	return _mm256_div_ps( a, b );
}
static inline ttWide ttWide_Max( ttWide a, ttWide b )
{
	return _mm256_max_ps( a, b );
}
static inline ttWide ttWide_Sqrt( ttWide a )
{
	return _mm256_sqrt_ps( a );
}
static inline ttWide ttWide_Abs( ttWide a )
{
	return _mm256_andnot_ps( _mm256_set1_ps( -0.0f ), a );
}
/// All bits set in the lanes where a > b, else zero.
static inline ttWide ttWide_Greater( ttWide a, ttWide b )
{
	return _mm256_cmp_ps( a, b, _CMP_GT_OQ );
}
static inline ttWide ttWide_And( ttWide a, ttWide b )
{
	return _mm256_and_ps( a, b );
}
static inline ttWide ttWide_AndNot( ttWide mask, ttWide b ) ///< b where mask is clear
{
	return _mm256_andnot_ps( mask, b );
}
/// a where mask is set, b elsewhere.
static inline ttWide ttWide_Select( ttWide mask, ttWide a, ttWide b )
{
	return _mm256_blendv_ps( b, a, mask );
}
static inline bool ttWide_AnySet( ttWide mask )
{
	return _mm256_movemask_ps( mask ) != 0;
}

#elif defined( TT_SIMD_SSE2 )

typedef __m128 ttWide;

static inline ttWide ttWide_Load( const float* p )
{
	return _mm_loadu_ps( p );
}
static inline void ttWide_Store( float* p, ttWide a )
{
	_mm_storeu_ps( p, a );
}
static inline ttWide ttWide_Splat( float s )
{
	return _mm_set1_ps( s );
}
static inline ttWide ttWide_Zero( void )
{
	return _mm_setzero_ps();
}
static inline ttWide ttWide_Add( ttWide a, ttWide b )
{
	return _mm_add_ps( a, b );
}
static inline ttWide ttWide_Sub( ttWide a, ttWide b )
{
	return _mm_sub_ps( a, b );
}
static inline ttWide ttWide_Mul( ttWide a, ttWide b )
{
	return _mm_mul_ps( a, b );
}
static inline ttWide ttWide_Div( ttWide a, ttWide b )
{
	return _mm_div_ps( a, b );
}
static inline ttWide ttWide_Max( ttWide a, ttWide b )
{
	return _mm_max_ps( a, b );
}
static inline ttWide ttWide_Sqrt( ttWide a )
{
	return _mm_sqrt_ps( a );
}
static inline ttWide ttWide_Abs( ttWide a )
{
	return _mm_andnot_ps( _mm_set1_ps( -0.0f ), a );
}
static inline ttWide ttWide_Greater( ttWide a, ttWide b )
{
	return _mm_cmpgt_ps( a, b );
}
static inline ttWide ttWide_And( ttWide a, ttWide b )
{
	return _mm_and_ps( a, b );
}
static inline ttWide ttWide_AndNot( ttWide mask, ttWide b )
{
	return _mm_andnot_ps( mask, b );
}
static inline ttWide ttWide_Select( ttWide mask, ttWide a, ttWide b )
{
	// SSE2 has no blend: (mask & a) | (~mask & b).
	return _mm_or_ps( _mm_and_ps( mask, a ), _mm_andnot_ps( mask, b ) );
}
static inline bool ttWide_AnySet( ttWide mask )
{
	return _mm_movemask_ps( mask ) != 0;
}

#else // TT_SIMD_SCALAR

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef struct ttWide
{
	float x[TT_WIDE_LANES];
} ttWide;

// A mask lane is all bits set (true) or zero, stored in a float's bits as the SIMD versions do.
static inline uint32_t ttWide_Bits( float f )
{
	uint32_t u;
	memcpy( &u, &f, sizeof u );
	return u;
}
static inline float ttWide_FromBits( uint32_t u )
{
	float f;
	memcpy( &f, &u, sizeof f );
	return f;
}

#define TT_WIDE_LANEWISE( expression )                                                                                 \
	ttWide r;                                                                                                          \
	for ( int i = 0; i < TT_WIDE_LANES; ++i )                                                                          \
	{                                                                                                                  \
		r.x[i] = ( expression );                                                                                       \
	}                                                                                                                  \
	return r

static inline ttWide ttWide_Load( const float* p )
{
	TT_WIDE_LANEWISE( p[i] );
}
static inline void ttWide_Store( float* p, ttWide a )
{
	for ( int i = 0; i < TT_WIDE_LANES; ++i )
	{
		p[i] = a.x[i];
	}
}
static inline ttWide ttWide_Splat( float s )
{
	TT_WIDE_LANEWISE( s );
}
static inline ttWide ttWide_Zero( void )
{
	TT_WIDE_LANEWISE( 0.0f );
}
static inline ttWide ttWide_Add( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( a.x[i] + b.x[i] );
}
static inline ttWide ttWide_Sub( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( a.x[i] - b.x[i] );
}
static inline ttWide ttWide_Mul( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( a.x[i] * b.x[i] );
}
static inline ttWide ttWide_Div( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( a.x[i] / b.x[i] );
}
static inline ttWide ttWide_Max( ttWide a, ttWide b )
{
	// As maxps: the second operand when either is NaN or they are equal.
	TT_WIDE_LANEWISE( a.x[i] > b.x[i] ? a.x[i] : b.x[i] );
}
static inline ttWide ttWide_Sqrt( ttWide a )
{
	TT_WIDE_LANEWISE( sqrtf( a.x[i] ) );
}
static inline ttWide ttWide_Abs( ttWide a )
{
	TT_WIDE_LANEWISE( fabsf( a.x[i] ) );
}
static inline ttWide ttWide_Greater( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( ttWide_FromBits( a.x[i] > b.x[i] ? 0xffffffffu : 0u ) );
}
static inline ttWide ttWide_And( ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( ttWide_FromBits( ttWide_Bits( a.x[i] ) & ttWide_Bits( b.x[i] ) ) );
}
static inline ttWide ttWide_AndNot( ttWide mask, ttWide b )
{
	TT_WIDE_LANEWISE( ttWide_FromBits( ~ttWide_Bits( mask.x[i] ) & ttWide_Bits( b.x[i] ) ) );
}
static inline ttWide ttWide_Select( ttWide mask, ttWide a, ttWide b )
{
	TT_WIDE_LANEWISE( ttWide_Bits( mask.x[i] ) != 0 ? a.x[i] : b.x[i] );
}
static inline bool ttWide_AnySet( ttWide mask )
{
	for ( int i = 0; i < TT_WIDE_LANES; ++i )
	{
		if ( ttWide_Bits( mask.x[i] ) != 0 )
		{
			return true;
		}
	}
	return false;
}

#undef TT_WIDE_LANEWISE

#endif

/// a * b + c (no fused multiply-add: the same result on every path).
static inline ttWide ttWide_MulAdd( ttWide a, ttWide b, ttWide c )
{
	return ttWide_Add( ttWide_Mul( a, b ), c );
}
static inline ttWide ttWide_Min( ttWide a, ttWide b )
{
	return ttWide_Select( ttWide_Greater( a, b ), b, a );
}
