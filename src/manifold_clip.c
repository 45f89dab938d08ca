// SPDX-License-Identifier: MIT
// The two steps that the separating-axis manifolds (box-box in narrowphase_box.c, hulls and boxes
// in narrowphase_hull.c) share once a reference face is chosen: Sutherland-Hodgman clipping of the
// incident polygon against the reference face's side planes, naming each point by the features
// that made it, and the reduction of the clipped points to at most 4 that span the contact area.
#include "contact.h"

// Feature id of a point where the polygon edge from a point with id `idP` to one with id `idQ`
// crosses clip plane `plane`: a mix of the three, the same whenever the same features meet.
static uint32_t ttClipId( uint32_t idP, uint32_t idQ, int plane )
{
	uint32_t low = idP < idQ ? idP : idQ, high = idP < idQ ? idQ : idP;
	uint32_t h = low * 0x9E3779B1u ^ ( high + 0x7F4A7C15u + ( low << 6 ) + ( low >> 2 ) );
	return ( h * 31u + (uint32_t)plane + 1u ) & 0x00FFFFFFu;
}

int ttClipPolygon( const ttVec3* in, const uint32_t* inIds, int count, ttVec3 normal, ttReal offset, int plane,
                   ttVec3* out, uint32_t* outIds, int capacity )
{
	int n = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 p = in[i];
		ttVec3 q = in[( i + 1 ) % count];
		ttReal dp = ttDot( p, normal ) - offset;
		ttReal dq = ttDot( q, normal ) - offset;
		if ( dp <= 0 )
		{
			outIds[n] = inIds[i];
			out[n++] = p;
		}
		if ( ( dp < 0 && dq > 0 ) || ( dp > 0 && dq < 0 ) )
		{
			ttReal t = dp / ( dp - dq );
			outIds[n] = ttClipId( inIds[i], inIds[( i + 1 ) % count], plane );
			out[n++] = ttMulAdd( p, t, ttSub( q, p ) );
		}
		// One edge adds at most two points: stop while both still fit.
		if ( n >= capacity - 1 )
		{
			break;
		}
	}
	return n;
}

int ttReduceClippedPoints( const ttVec3* points, const ttReal* depth, int count, ttVec3 normal, int* chosen )
{
	if ( count <= 4 )
	{
		for ( int i = 0; i < count; ++i )
		{
			chosen[i] = i;
		}
		return count;
	}
	int first = 0;
	for ( int i = 1; i < count; ++i )
	{
		first = depth[i] < depth[first] ? i : first;
	}
	int second = first == 0 ? 1 : 0;
	for ( int i = 0; i < count; ++i )
	{
		if ( ttDistance( points[i], points[first] ) > ttDistance( points[second], points[first] ) )
		{
			second = i;
		}
	}
	ttVec3 diagonal = ttSub( points[second], points[first] );
	int third = -1, fourth = -1;
	ttReal most = 0, least = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttReal area = ttDot( ttCross( diagonal, ttSub( points[i], points[first] ) ), normal );
		if ( area > most )
		{
			most = area;
			third = i;
		}
		if ( area < least )
		{
			least = area;
			fourth = i;
		}
	}
	int n = 0;
	chosen[n++] = first;
	chosen[n++] = second;
	if ( third >= 0 )
	{
		chosen[n++] = third;
	}
	if ( fourth >= 0 )
	{
		chosen[n++] = fourth;
	}
	return n;
}
