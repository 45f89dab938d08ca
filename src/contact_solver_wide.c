// SPDX-License-Identifier: MIT
// The wide contact solve's entry points (contact_solver_wide.h): which compiled variant runs
// (contact_solver_wide_variant.h), chosen once per process from the CPU, and each call passed to
// the variant that built the world's blocks.
#include "contact_solver_wide_variant.h"

#include "tether/tether.h"
#include "world.h"

#include <stdlib.h>
#include <string.h>

#if defined( TT_WIDE_HAS_AVX2 ) && defined( _MSC_VER ) && !defined( __clang__ )
#include <immintrin.h>
#include <intrin.h>
#endif

#ifndef TT_NO_THREADS
#include <stdatomic.h>
// Worlds stepped on different threads may make the first choice at once: they find the same.
static atomic_int ttWide_selection = -1;
#define TT_WIDE_LOAD_SELECTION() atomic_load_explicit( &ttWide_selection, memory_order_relaxed )
#define TT_WIDE_STORE_SELECTION( w ) atomic_store_explicit( &ttWide_selection, (int)( w ), memory_order_relaxed )
#else
static int ttWide_selection = -1;
#define TT_WIDE_LOAD_SELECTION() ttWide_selection
#define TT_WIDE_STORE_SELECTION( w ) ( ttWide_selection = (int)( w ) )
#endif

static const ttWideVariant* ttWide_Variant( ttSimdWidth width )
{
	switch ( width )
	{
#if defined( TT_WIDE_HAS_AVX2 )
		case ttSimdWidth_avx2:
			return &ttWideVariant_avx2;
#endif
#if defined( TT_WIDE_HAS_SSE2 )
		case ttSimdWidth_sse2:
			return &ttWideVariant_sse2;
#endif
		case ttSimdWidth_scalar:
			return &ttWideVariant_scalar;
		default:
			return NULL;
	}
}

// Whether the CPU runs AVX2 and the OS saves the YMM registers on a thread switch (without the
// latter the instructions fault). GCC's and Clang's __builtin_cpu_supports checks both: it reports
// AVX2 only when XGETBV says the OS enabled the YMM state. TETHER_AVX2=ON (TT_WIDE_ASSUME_AVX2)
// skips the question: such a build needs an AVX2 CPU, as it always did.
static bool ttWide_CpuHasAvx2( void )
{
#if !defined( TT_WIDE_HAS_AVX2 )
	return false;
#elif defined( TT_WIDE_ASSUME_AVX2 )
	return true;
#elif defined( __GNUC__ ) || defined( __clang__ )
	__builtin_cpu_init();
	return __builtin_cpu_supports( "avx2" ) != 0;
#elif defined( _MSC_VER )
	// CPUID leaf 1: OSXSAVE (ecx bit 27) and AVX (bit 28); XCR0 bits 1 and 2: the OS saves the
	// XMM and YMM state; leaf 7: AVX2 (ebx bit 5).
	int info[4];
	__cpuid( info, 0 );
	if ( info[0] < 7 )
	{
		return false;
	}
	__cpuid( info, 1 );
	if ( ( info[2] & ( 1 << 27 ) ) == 0 || ( info[2] & ( 1 << 28 ) ) == 0 || ( _xgetbv( 0 ) & 6 ) != 6 )
	{
		return false;
	}
	__cpuidex( info, 7, 0 );
	return ( info[1] & ( 1 << 5 ) ) != 0;
#else
	return false;
#endif
}

bool ttWideContacts_WidthAvailable( ttSimdWidth width )
{
	if ( ttWide_Variant( width ) == NULL )
	{
		return false;
	}
	return width != ttSimdWidth_avx2 || ttWide_CpuHasAvx2();
}

const char* ttWideContacts_WidthName( ttSimdWidth width )
{
	static const char* const names[ttSimdWidth_count] = { "scalar", "sse2", "avx2" };
	return width >= 0 && width < ttSimdWidth_count ? names[width] : NULL;
}

// The first choice: TETHER_SIMD when it names an available width, else the widest available.
static ttSimdWidth ttWide_FirstChoice( void )
{
	ttSimdWidth widest = ttSimdWidth_scalar;
	for ( int w = ttSimdWidth_scalar; w < ttSimdWidth_count; ++w )
	{
		if ( ttWideContacts_WidthAvailable( (ttSimdWidth)w ) )
		{
			widest = (ttSimdWidth)w;
		}
	}
	const char* asked = getenv( "TETHER_SIMD" );
	if ( asked == NULL || asked[0] == '\0' )
	{
		return widest;
	}
	for ( int w = ttSimdWidth_scalar; w < ttSimdWidth_count; ++w )
	{
		if ( strcmp( asked, ttWideContacts_WidthName( (ttSimdWidth)w ) ) == 0 )
		{
			if ( ttWideContacts_WidthAvailable( (ttSimdWidth)w ) )
			{
				return (ttSimdWidth)w;
			}
			ttReportError( "TETHER_SIMD", "'%s' is not available in this build or on this CPU: using %s", asked,
			               ttWideContacts_WidthName( widest ) );
			return widest;
		}
	}
	ttReportError( "TETHER_SIMD", "'%s' is none of scalar, sse2, avx2: using %s", asked,
	               ttWideContacts_WidthName( widest ) );
	return widest;
}

ttSimdWidth ttWideContacts_SelectedWidth( void )
{
	int selection = TT_WIDE_LOAD_SELECTION();
	if ( selection < 0 )
	{
		selection = (int)ttWide_FirstChoice();
		TT_WIDE_STORE_SELECTION( selection );
	}
	return (ttSimdWidth)selection;
}

bool ttWideContacts_SelectWidth( ttSimdWidth width )
{
	if ( ttWideContacts_WidthAvailable( width ) == false )
	{
		const char* name = ttWideContacts_WidthName( width );
		ttReportError( __func__, "width %s is not available in this build or on this CPU",
		               name != NULL ? name : "(out of range)" );
		return false;
	}
	TT_WIDE_STORE_SELECTION( width );
	return true;
}

const char* ttGetWideContactsSimd( void )
{
	return ttWideContacts_WidthName( ttWideContacts_SelectedWidth() );
}

int ttWideContacts_Lanes( void )
{
	return ttWide_Variant( ttWideContacts_SelectedWidth() )->lanes;
}

// ---------------------------------------------------------------------------------------------
// Each call to the variant that built the world's blocks

static const ttWideVariant* ttWide_Built( const ttWorld* world )
{
	return world->wideContacts->variant;
}

bool ttWideContacts_Build( ttWorld* world )
{
	const ttWideVariant* variant = ttWide_Variant( ttWideContacts_SelectedWidth() );
	if ( world->wideContacts != NULL && world->wideContacts->variant != variant )
	{
		// Another width was selected since the last build: the blocks are rebuilt from the
		// per-point rows anyway, so the old layout simply goes.
		ttWide_Built( world )->destroy( world );
	}
	return variant->build( world );
}

void ttWideContacts_FillManifold( ttWorld* world, int manifoldIndex )
{
	ttWide_Built( world )->fillManifold( world, manifoldIndex );
}

bool ttWideContacts_Ready( const ttWorld* world )
{
	return world->wideContacts != NULL && world->wideContacts->ready;
}

void ttWideContacts_Destroy( ttWorld* world )
{
	if ( world->wideContacts != NULL )
	{
		ttWide_Built( world )->destroy( world );
	}
}

int ttWideContacts_ColorCount( const ttWorld* world )
{
	return ttWideContacts_Ready( world ) ? ttWide_Built( world )->colorCount( world ) : 0;
}

int ttWideContacts_ColorBlockCount( const ttWorld* world, int color )
{
	return ttWide_Built( world )->colorBlockCount( world, color );
}

int ttWideContacts_BlockCount( const ttWorld* world )
{
	return ttWideContacts_Ready( world ) ? ttWide_Built( world )->blockCount( world ) : 0;
}

int ttWideContacts_ColorFirstBlock( const ttWorld* world, int color )
{
	return ttWide_Built( world )->colorFirstBlock( world, color );
}

int ttWideContacts_BlockManifold( const ttWorld* world, int block, int lane )
{
	return ttWide_Built( world )->blockManifold( world, block, lane );
}

int ttWideContacts_OverflowCount( const ttWorld* world )
{
	return ttWideContacts_Ready( world ) ? ttWide_Built( world )->overflowCount( world ) : 0;
}

ttWideStageContext ttWideContacts_StageContext( ttWorld* world, ttWideStage stage, int color, ttReal h )
{
	return ( ttWideStageContext ){ world, stage, color, h };
}

bool ttWideContacts_RunStages( ttWorld* world, const ttWideStage* stages, int stageCount, ttReal h )
{
	return ttWide_Built( world )->runStages( world, stages, stageCount, h );
}

void ttWideContacts_RefreshRange( int start, int end, int worker, void* context )
{
	const ttWideRefreshContext* refresh = context;
	ttWide_Built( refresh->world )->refreshRange( start, end, worker, context );
}

void ttWideContacts_RefreshMasses( ttWorld* world, bool turnedOnly )
{
	if ( world->wideContacts != NULL )
	{
		ttWide_Built( world )->refreshMasses( world, turnedOnly );
	}
}

void ttWideContacts_BeginPoints( ttWorld* world, bool prepared )
{
	if ( world->wideContacts != NULL )
	{
		ttWide_Built( world )->beginPoints( world, prepared );
	}
}

void ttWideContacts_BeginPoint( ttWorld* world, int wideSlot, int point, ttReal separation )
{
	ttWide_Built( world )->beginPoint( world, wideSlot, point, separation );
}

void ttWideContacts_PointImpulses( const ttWorld* world, int wideSlot, int point, ttReal* normal, ttReal tangent[2],
                                   ttReal* maxNormal, ttReal* separation )
{
	ttWide_Built( world )->pointImpulses( world, wideSlot, point, normal, tangent, maxNormal, separation );
}
