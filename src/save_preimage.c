// SPDX-License-Identifier: MIT
// Searches for scene-file numbers whose load reproduces a body's state bit for bit
// (save_preimage.h). The loader's conversions are repeated here operation for operation; a
// change to the loader (tools/scene.c, ttLoader_PlaceBody) must be mirrored here, and
// tests/test_scene_roundtrip.c fails when the two drift apart.
#include "save_preimage.h"

#include "core.h"

#include <math.h>
#include <string.h>

static ttReal ttStepUlps( ttReal value, int steps )
{
	for ( ; steps > 0; --steps )
	{
#if defined( TT_USE_FLOAT )
		value = nextafterf( value, INFINITY );
#else
		value = nextafter( value, INFINITY );
#endif
	}
	for ( ; steps < 0; ++steps )
	{
#if defined( TT_USE_FLOAT )
		value = nextafterf( value, -INFINITY );
#else
		value = nextafter( value, -INFINITY );
#endif
	}
	return value;
}

// Bitwise, so that -0 and 0 count as different, as they do to a round-trip test.
static bool ttSameBits( const void* a, const void* b, size_t size )
{
	return memcmp( a, b, size ) == 0;
}

ttQuat ttSavePreimage_LoadedRotation( ttQuat r )
{
	// The scene reader normalises the rotation it reads, and ttBody_SetTransform again.
	return ttQuatNormalize( ttQuatNormalize( r ) );
}

// Candidates in order of distance: every component stepped by -radius..radius ulp.
#define TT_ROTATION_SEARCH_RADIUS 2

ttQuat ttSavePreimage_Rotation( ttQuat q, ttQuat principalRotation )
{
	ttQuat start = ttQuatMul( q, ttQuatConj( principalRotation ) );
	for ( int radius = 0; radius <= TT_ROTATION_SEARCH_RADIUS; ++radius )
	{
		int width = 2 * radius + 1;
		int count = width * width * width * width;
		for ( int k = 0; k < count; ++k )
		{
			int d[4] = { k % width - radius, ( k / width ) % width - radius, ( k / ( width * width ) ) % width - radius,
			             k / ( width * width * width ) - radius };
			bool onShell = false;
			for ( int c = 0; c < 4; ++c )
			{
				onShell = onShell || d[c] == radius || d[c] == -radius;
			}
			if ( onShell == false && radius > 0 )
			{
				continue; // tried at a smaller radius
			}
			ttQuat r = { ttStepUlps( start.x, d[0] ), ttStepUlps( start.y, d[1] ), ttStepUlps( start.z, d[2] ),
			             ttStepUlps( start.w, d[3] ) };
			ttQuat loaded = ttQuatMul( ttSavePreimage_LoadedRotation( r ), principalRotation );
			if ( ttSameBits( &loaded, &q, sizeof( q ) ) )
			{
				return r;
			}
		}
	}
	return start;
}

#define TT_COMPONENT_SEARCH_RADIUS 8

// x with x + offset = target in floating point, near target - offset.
static ttReal ttSumPreimage( ttReal target, ttReal offset )
{
	ttReal start = target - offset;
	// -0 + -0 is the only sum that gives -0.
	if ( target == 0 && offset == 0 )
	{
		return offset;
	}
	for ( int radius = 0; radius <= TT_COMPONENT_SEARCH_RADIUS; ++radius )
	{
		for ( int sign = 1; sign >= -1; sign -= 2 )
		{
			ttReal x = ttStepUlps( start, sign * radius );
			ttReal sum = x + offset;
			if ( ttSameBits( &sum, &target, sizeof( sum ) ) )
			{
				return x;
			}
		}
	}
	return start;
}

ttVec3 ttSavePreimage_Origin( ttVec3 center, ttQuat loadedRotation, ttVec3 localCenter )
{
	ttVec3 offset = ttRotate( loadedRotation, localCenter );
	return ( ttVec3 ){ ttSumPreimage( center.x, offset.x ), ttSumPreimage( center.y, offset.y ),
	                   ttSumPreimage( center.z, offset.z ) };
}

ttVec3 ttSavePreimage_OriginVelocity( ttVec3 v, ttVec3 w, ttVec3 center, ttVec3 origin )
{
	ttVec3 offset = ttCross( w, ttSub( center, origin ) );
	return ( ttVec3 ){ ttSumPreimage( v.x, offset.x ), ttSumPreimage( v.y, offset.y ), ttSumPreimage( v.z, offset.z ) };
}

bool ttSavePreimage_Reproduces( ttQuat q, ttVec3 center, ttVec3 v, ttVec3 w, ttQuat principalRotation,
                                ttVec3 localCenter, ttQuat rotation, ttVec3 origin, ttVec3 originVelocity )
{
	ttQuat loaded = ttSavePreimage_LoadedRotation( rotation );
	ttQuat loadedQ = ttQuatMul( loaded, principalRotation );
	ttVec3 loadedCenter = ttAdd( origin, ttRotate( loaded, localCenter ) );
	ttVec3 loadedV = ttAdd( originVelocity, ttCross( w, ttSub( loadedCenter, origin ) ) );
	return ttSameBits( &loadedQ, &q, sizeof( q ) ) && ttSameBits( &loadedCenter, &center, sizeof( center ) ) &&
	       ttSameBits( &loadedV, &v, sizeof( v ) );
}

ttReal ttSavePreimage_Reciprocal( ttReal inverse )
{
	if ( inverse == 0 )
	{
		return 0;
	}
	ttReal start = 1 / inverse;
	for ( int radius = 0; radius <= TT_COMPONENT_SEARCH_RADIUS; ++radius )
	{
		for ( int sign = 1; sign >= -1; sign -= 2 )
		{
			ttReal value = ttStepUlps( start, sign * radius );
			ttReal back = 1 / value;
			if ( ttSameBits( &back, &inverse, sizeof( back ) ) )
			{
				return value;
			}
		}
	}
	return start;
}
