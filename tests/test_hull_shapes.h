// SPDX-License-Identifier: MIT
// Internal shape records for the tests of hull routines (they include src/): a hull of a point
// cloud, a box, a box built as a hull, without a world. A hull that cannot be built ends the test.
#pragma once

#include "hull.h"
#include "shape.h"

#include <stdio.h>
#include <stdlib.h>

static inline ttShape MakeHullShape( const ttVec3* points, int count )
{
	ttShape s = { 0 };
	s.type = ttShape_hull;
	char error[160];
	s.hull = ttHull_Create( points, count, error, (int)sizeof( error ) );
	if ( s.hull == NULL )
	{
		fprintf( stderr, "FAIL hull: %s\n", error );
		exit( 1 );
	}
	return s;
}

static inline ttShape MakeBoxShape( ttVec3 halfExtents )
{
	ttShape s = { 0 };
	s.type = ttShape_box;
	s.box.halfExtents = halfExtents;
	return s;
}

/// The hull of the 8 corners of a box, corner i at +x for bit 0, +y for bit 1, +z for bit 2.
static inline ttShape MakeHullBoxShape( ttVec3 e, ttVec3 corners[8] )
{
	for ( int i = 0; i < 8; ++i )
	{
		corners[i] = ( ttVec3 ){ ( i & 1 ) ? e.x : -e.x, ( i & 2 ) ? e.y : -e.y, ( i & 4 ) ? e.z : -e.z };
	}
	return MakeHullShape( corners, 8 );
}

static inline void FreeShape( ttShape* s )
{
	if ( s->type == ttShape_hull )
	{
		ttHull_Destroy( s->hull );
	}
}
