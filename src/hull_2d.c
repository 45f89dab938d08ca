// SPDX-License-Identifier: MIT
#include "hull_2d.h"

#include "tether/math_functions.h"

#include <stdlib.h>

// Total: points that compare equal are identical (x and y are all a point has).
static int ttComparePoints( const void* a, const void* b )
{
	const ttPoint2* p = a;
	const ttPoint2* q = b;
	if ( p->x != q->x )
	{
		return p->x < q->x ? -1 : 1;
	}
	return p->y < q->y ? -1 : ( p->y > q->y ? 1 : 0 );
}

// Twice the signed area of the triangle o, a, b: positive when o -> a -> b turns left.
static ttReal ttTurn( ttPoint2 o, ttPoint2 a, ttPoint2 b )
{
	return ( a.x - o.x ) * ( b.y - o.y ) - ( a.y - o.y ) * ( b.x - o.x );
}

int ttConvexHull2( ttPoint2* points, int count, ttPoint2* hull )
{
	if ( count <= 0 )
	{
		return 0;
	}
	qsort( points, (size_t)count, sizeof( ttPoint2 ), ttComparePoints );
	// Lower chain left to right, then upper chain right to left; a point that does not turn left
	// from the last two is dropped. The last point of each chain is the first of the other.
	int size = 0;
	for ( int i = 0; i < count; ++i )
	{
		while ( size >= 2 && ttTurn( hull[size - 2], hull[size - 1], points[i] ) <= 0 )
		{
			--size;
		}
		hull[size++] = points[i];
	}
	int lowerSize = size + 1;
	for ( int i = count - 2; i >= 0; --i )
	{
		while ( size >= lowerSize && ttTurn( hull[size - 2], hull[size - 1], points[i] ) <= 0 )
		{
			--size;
		}
		hull[size++] = points[i];
	}
	// The closing point repeats the first; coincident input leaves two equal points.
	--size;
	if ( size == 2 && hull[0].x == hull[1].x && hull[0].y == hull[1].y )
	{
		size = 1;
	}
	return size < 1 ? 1 : size;
}

static ttReal ttDistanceToSegment2( ttPoint2 a, ttPoint2 b, ttPoint2 p )
{
	ttReal dx = b.x - a.x, dy = b.y - a.y;
	ttReal lengthSquared = dx * dx + dy * dy;
	ttReal t = lengthSquared > 0 ? ( ( p.x - a.x ) * dx + ( p.y - a.y ) * dy ) / lengthSquared : 0;
	t = ttClampReal( t, 0, 1 );
	ttReal ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
	return ttSqrt( ex * ex + ey * ey );
}

bool ttHullContains2( const ttPoint2* hull, int count, ttPoint2 p, ttReal tolerance )
{
	if ( count <= 0 )
	{
		return false;
	}
	if ( count <= 2 )
	{
		return ttDistanceToSegment2( hull[0], hull[count - 1], p ) <= tolerance;
	}
	// Inside or on every edge's left side, each edge line moved out by the tolerance.
	for ( int i = 0; i < count; ++i )
	{
		ttPoint2 a = hull[i];
		ttPoint2 b = hull[i + 1 == count ? 0 : i + 1];
		ttReal dx = b.x - a.x, dy = b.y - a.y;
		ttReal length = ttSqrt( dx * dx + dy * dy );
		if ( ttTurn( a, b, p ) < -tolerance * length )
		{
			return false;
		}
	}
	return true;
}
