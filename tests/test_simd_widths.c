// SPDX-License-Identifier: MIT
// The wide contact solve picks its instruction set at run time (contact_solver_wide.c: AVX2's 8
// lanes where the CPU has them, SSE2's 4 on other x86 CPUs, plain loops elsewhere), and the states
// must not depend on it (docs/determinism.md):
// - every width this build and CPU have steps the 210-box pyramid for 300 frames (the golden case
//   "pyramid" of test_determinism) and the pile for 120 frames; the state hashes of all widths are
//   equal bit for bit, and the pyramid's is the golden hash of tests/data/determinism_golden.txt.
//   No tolerance: a lane sees the same float operations in the same order whatever the lane count
//   (no fused multiply-add, correctly rounded division and square root);
// - switching the width between steps (every 30 frames through all widths) gives the same bits:
//   the blocks are rebuilt from the per-point rows at every prepare;
// - a width out of range is refused with a message and the selection stays; the lane count and
//   ttGetWideContactsSimd follow the selection;
// - TETHER_SIMD (ctest runs this program with it set to sse2 and to a bad name): a name of an
//   available width is the first selection; any other name is reported and the widest runs.
#include "test_macros.h"

#include "contact_solver_wide.h"
#include "state_hash.h"
#include "validation.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define GOLDEN_FILE "tests/data/determinism_golden.txt"

static int s_messages = 0;

static void tsCountMessage( const char* message )
{
	printf( "logged: %s\n", message );
	s_messages += 1;
}

static ttSimdWidth tsWidest( void )
{
	ttSimdWidth widest = ttSimdWidth_scalar;
	for ( int w = 0; w < ttSimdWidth_count; ++w )
	{
		if ( ttWideContacts_WidthAvailable( (ttSimdWidth)w ) )
		{
			widest = (ttSimdWidth)w;
		}
	}
	return widest;
}

// The first selection follows TETHER_SIMD; call before anything else selects.
static void tsEnvironmentChoosesFirst( void )
{
	const char* asked = getenv( "TETHER_SIMD" );
	int before = s_messages;
	ttSimdWidth selected = ttWideContacts_SelectedWidth();
	printf( "TETHER_SIMD=%s: %s selected, widest available %s\n", asked != NULL ? asked : "(unset)",
	        ttWideContacts_WidthName( selected ), ttWideContacts_WidthName( tsWidest() ) );
	int named = -1;
	for ( int w = 0; asked != NULL && w < ttSimdWidth_count; ++w )
	{
		named = strcmp( asked, ttWideContacts_WidthName( (ttSimdWidth)w ) ) == 0 ? w : named;
	}
	if ( named >= 0 && ttWideContacts_WidthAvailable( (ttSimdWidth)named ) )
	{
		ENSURE( selected == (ttSimdWidth)named );
		ENSURE_NEAR( s_messages - before, 0, 0 );
	}
	else
	{
		ENSURE( selected == tsWidest() );
		ENSURE_NEAR( s_messages - before, asked != NULL && asked[0] != 0 ? 1 : 0, 0 );
	}
}

static uint64_t tsRun( const char* path, int frames, bool cycleWidths )
{
	ttScene scene;
	tvLoad( path, &scene );
	for ( int frame = 0; frame < frames; ++frame )
	{
		if ( cycleWidths && frame % 30 == 0 )
		{
			int w = frame / 30 % ttSimdWidth_count;
			while ( ttWideContacts_WidthAvailable( (ttSimdWidth)w ) == false )
			{
				w = ( w + 1 ) % ttSimdWidth_count;
			}
			ENSURE( ttWideContacts_SelectWidth( (ttSimdWidth)w ) );
		}
		tvStep( scene.worldId, 1 );
	}
	uint64_t hash = StateHash_Bodies( scene.bodies, scene.bodyCount );
	ttScene_Destroy( &scene );
	return hash;
}

static void tsEveryWidthGivesTheSameBits( void )
{
	const char* real = sizeof( ttReal ) == sizeof( double ) ? "double" : "float";
	uint64_t golden = 0;
	ENSURE( StateHash_ReadGolden( GOLDEN_FILE, real, "pyramid", &golden ) );
	uint64_t firstPile = 0;
	bool havePile = false;
	for ( int w = 0; w < ttSimdWidth_count; ++w )
	{
		ttSimdWidth width = (ttSimdWidth)w;
		const char* name = ttWideContacts_WidthName( width );
		if ( ttWideContacts_WidthAvailable( width ) == false )
		{
			printf( "%s: not available in this build or on this CPU\n", name );
			continue;
		}
		ENSURE( ttWideContacts_SelectWidth( width ) );
		ENSURE( strcmp( ttGetWideContactsSimd(), name ) == 0 );
		ENSURE_NEAR( ttWideContacts_Lanes(), width == ttSimdWidth_avx2 ? 8 : 4, 0 );
		uint64_t pyramid = tsRun( "scenes/stack_pyramid.json", 300, false );
		uint64_t pile = tsRun( "scenes/stack_pile.json", 120, false );
		printf( "%-6s pyramid %016" PRIx64 " (golden %016" PRIx64 "), pile %016" PRIx64 "\n", name, pyramid, golden,
		        pile );
		ENSURE( pyramid == golden );
		ENSURE( havePile == false || pile == firstPile );
		firstPile = havePile ? firstPile : pile;
		havePile = true;
	}
	uint64_t switching = tsRun( "scenes/stack_pyramid.json", 300, true );
	printf( "pyramid switching widths every 30 frames: %016" PRIx64 "\n", switching );
	ENSURE( switching == golden );
}

static void tsBadWidthIsRefused( void )
{
	ENSURE( ttWideContacts_SelectWidth( ttSimdWidth_scalar ) );
	int before = s_messages;
	ENSURE( ttWideContacts_SelectWidth( ttSimdWidth_count ) == false );
	ENSURE( ttWideContacts_SelectWidth( (ttSimdWidth)-1 ) == false );
	ENSURE_NEAR( s_messages - before, 2, 0 );
	ENSURE( ttWideContacts_SelectedWidth() == ttSimdWidth_scalar );
	ENSURE( ttWideContacts_WidthName( ttSimdWidth_count ) == NULL );
}

int main( void )
{
	ttSetLogFcn( tsCountMessage );
	tsEnvironmentChoosesFirst();
	ttSetLogFcn( NULL );
	tsEveryWidthGivesTheSameBits();
	ttSetLogFcn( tsCountMessage );
	tsBadWidthIsRefused();
	return TEST_RESULT();
}
