// SPDX-License-Identifier: MIT
// Box against box by the separating axis test (Gottschalk's 15 axes: 3 face normals of each box
// and the 9 edge-edge cross products), then a manifold:
// - face contact: the incident face (the face of the other box most opposed to the reference
//   normal) is clipped against the side planes of the reference face (Sutherland-Hodgman), points
//   below the reference face are kept and reduced to at most 4 that span the contact area (both
//   steps in manifold_clip.c, shared with the hull routine);
// - edge contact: the closest points of the two edges, one point.
// Face axes are preferred unless an edge axis separates clearly more, so that resting boxes keep
// a stable face manifold instead of flickering to an edge. Pairs of a box and a convex hull go
// through the same steps with hull topology (narrowphase_hull.c).
#include "contact.h"

#define TT_BOX_MAX_CLIP 16

typedef struct ttBoxFrame
{
	ttVec3 center;
	ttVec3 axis[3];
	ttReal extent[3];
} ttBoxFrame;

static ttBoxFrame ttMakeBoxFrame( const ttShape* shape, ttTransform xf )
{
	ttMat3 r = ttMat3FromQuat( xf.q );
	ttVec3 e = shape->box.halfExtents;
	return ( ttBoxFrame ){ xf.p, { r.cx, r.cy, r.cz }, { e.x, e.y, e.z } };
}

// Half the box's width along the unit direction n.
static ttReal ttBoxProjectedRadius( const ttBoxFrame* box, ttVec3 n )
{
	return box->extent[0] * ttAbs( ttDot( box->axis[0], n ) ) + box->extent[1] * ttAbs( ttDot( box->axis[1], n ) ) +
	       box->extent[2] * ttAbs( ttDot( box->axis[2], n ) );
}

// Separation of the boxes along unit axis n (negative: overlap), and n oriented from A to B.
static ttReal ttAxisSeparation( const ttBoxFrame* a, const ttBoxFrame* b, ttVec3 d, ttVec3* n )
{
	ttReal distance = ttDot( d, *n );
	if ( distance < 0 )
	{
		*n = ttNeg( *n );
		distance = -distance;
	}
	return distance - ttBoxProjectedRadius( a, *n ) - ttBoxProjectedRadius( b, *n );
}

// Face contact with the reference face on `ref` (axis index, normal pointing toward `inc`).
static void ttFaceContact( const ttBoxFrame* ref, const ttBoxFrame* inc, int axis, ttVec3 refNormal, bool refIsA,
                           ttReal speculative, ttManifoldGeometry* m )
{
	// Incident face: the face of the other box whose outward normal opposes the reference normal most.
	int incAxis = 0;
	ttReal best = -1;
	for ( int i = 0; i < 3; ++i )
	{
		ttReal alignment = ttAbs( ttDot( inc->axis[i], refNormal ) );
		if ( alignment > best )
		{
			best = alignment;
			incAxis = i;
		}
	}
	ttReal incSign = ttDot( inc->axis[incAxis], refNormal ) > 0 ? -1 : 1;
	ttVec3 incCenter = ttMulAdd( inc->center, incSign * inc->extent[incAxis], inc->axis[incAxis] );
	int u = ( incAxis + 1 ) % 3, v = ( incAxis + 2 ) % 3;
	ttVec3 eu = ttScale( inc->extent[u], inc->axis[u] );
	ttVec3 ev = ttScale( inc->extent[v], inc->axis[v] );
	ttVec3 polygon[TT_BOX_MAX_CLIP] = {
	    ttAdd( ttAdd( incCenter, eu ), ev ),
	    ttAdd( ttSub( incCenter, eu ), ev ),
	    ttSub( ttSub( incCenter, eu ), ev ),
	    ttSub( ttAdd( incCenter, eu ), ev ),
	};
	uint32_t ids[TT_BOX_MAX_CLIP] = { 1, 2, 3, 4 }; // the incident face's corners
	int count = 4;

	// Clip against the four side planes of the reference face.
	for ( int k = 1; k <= 2 && count > 0; ++k )
	{
		int side = ( axis + k ) % 3;
		ttVec3 normal = ref->axis[side];
		ttReal centerOffset = ttDot( ref->center, normal );
		ttVec3 clipped[TT_BOX_MAX_CLIP];
		uint32_t clippedIds[TT_BOX_MAX_CLIP];
		count = ttClipPolygon( polygon, ids, count, normal, centerOffset + ref->extent[side], 2 * k, clipped,
		                       clippedIds, TT_BOX_MAX_CLIP );
		count = ttClipPolygon( clipped, clippedIds, count, ttNeg( normal ), -centerOffset + ref->extent[side],
		                       2 * k + 1, polygon, ids, TT_BOX_MAX_CLIP );
	}
	// Which faces: reference (axis and side, and which box) and incident, in the top byte.
	uint32_t refSide = ttDot( ref->axis[axis], refNormal ) > 0 ? 1u : 0u;
	uint32_t faces = ( (uint32_t)axis * 2u + refSide ) * 6u + (uint32_t)incAxis * 2u + ( incSign > 0 ? 1u : 0u );
	uint32_t faceBits = ( ( faces * 2u + ( refIsA ? 1u : 0u ) ) & 0x7Fu ) << 24;

	ttVec3 faceCenter = ttMulAdd( ref->center, ref->extent[axis], refNormal );
	ttReal faceOffset = ttDot( faceCenter, refNormal );
	ttVec3 points[TT_BOX_MAX_CLIP];
	ttReal depth[TT_BOX_MAX_CLIP];
	uint32_t keptIds[TT_BOX_MAX_CLIP];
	int kept = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttReal separation = ttDot( polygon[i], refNormal ) - faceOffset;
		if ( separation <= speculative )
		{
			keptIds[kept] = faceBits | ids[i];
			points[kept] = polygon[i];
			depth[kept] = separation;
			kept += 1;
		}
	}
	int chosen[4];
	int n = ttReduceClippedPoints( points, depth, kept, refNormal, chosen );
	m->normal = refIsA ? refNormal : ttNeg( refNormal );
	m->featureIds = true;
	m->pointCount = n;
	for ( int i = 0; i < n; ++i )
	{
		ttVec3 onIncident = points[chosen[i]];
		ttVec3 onReference = ttMulAdd( onIncident, -depth[chosen[i]], refNormal );
		ttContactGeometry* g = m->points + i;
		g->pointA = refIsA ? onReference : onIncident;
		g->pointB = refIsA ? onIncident : onReference;
		g->separation = depth[chosen[i]];
		g->id = keptIds[chosen[i]];
	}
}

// The edge of a box along axis `axis` that lies farthest in direction n.
static void ttSupportEdge( const ttBoxFrame* box, int axis, ttVec3 n, ttVec3* p, ttVec3* q )
{
	ttVec3 middle = box->center;
	for ( int k = 0; k < 3; ++k )
	{
		if ( k != axis )
		{
			ttReal sign = ttDot( box->axis[k], n ) >= 0 ? 1 : -1;
			middle = ttMulAdd( middle, sign * box->extent[k], box->axis[k] );
		}
	}
	*p = ttMulAdd( middle, -box->extent[axis], box->axis[axis] );
	*q = ttMulAdd( middle, box->extent[axis], box->axis[axis] );
}

bool ttCollideBoxes( const ttShape* shapeA, ttTransform xfA, const ttShape* shapeB, ttTransform xfB, ttReal speculative,
                     ttManifoldGeometry* m )
{
	ttBoxFrame a = ttMakeBoxFrame( shapeA, xfA );
	ttBoxFrame b = ttMakeBoxFrame( shapeB, xfB );
	ttVec3 d = ttSub( b.center, a.center );

	ttReal faceA = -TT_HUGE, faceB = -TT_HUGE, edge = -TT_HUGE;
	int axisA = 0, axisB = 0, edgeA = 0, edgeB = 0;
	ttVec3 normalA = { 0, 0, 0 }, normalB = { 0, 0, 0 }, normalEdge = { 0, 0, 0 };
	for ( int i = 0; i < 3; ++i )
	{
		ttVec3 n = a.axis[i];
		ttReal s = ttAxisSeparation( &a, &b, d, &n );
		if ( s > speculative )
		{
			return false;
		}
		if ( s > faceA )
		{
			faceA = s, axisA = i, normalA = n;
		}
		n = b.axis[i];
		s = ttAxisSeparation( &a, &b, d, &n );
		if ( s > speculative )
		{
			return false;
		}
		if ( s > faceB )
		{
			faceB = s, axisB = i, normalB = n;
		}
	}
	for ( int i = 0; i < 3; ++i )
	{
		for ( int j = 0; j < 3; ++j )
		{
			ttReal length;
			ttVec3 n = ttGetLengthAndNormalize( &length, ttCross( a.axis[i], b.axis[j] ) );
			if ( length < (ttReal)1e-5 )
			{
				continue; // parallel edges: a face axis covers this direction
			}
			ttReal s = ttAxisSeparation( &a, &b, d, &n );
			if ( s > speculative )
			{
				return false;
			}
			if ( s > edge )
			{
				edge = s, edgeA = i, edgeB = j, normalEdge = n;
			}
		}
	}

	// Prefer faces (contact.h).
	const ttReal relative = TT_SAT_RELATIVE_MARGIN, absolute = TT_SAT_ABSOLUTE_MARGIN;
	bool useB = faceB > faceA + relative * ttAbs( faceA ) + absolute;
	ttReal bestFace = useB ? faceB : faceA;
	if ( edge > bestFace + relative * ttAbs( bestFace ) + absolute )
	{
		ttVec3 pA, qA, pB, qB, cA, cB;
		ttSupportEdge( &a, edgeA, normalEdge, &pA, &qA );
		ttSupportEdge( &b, edgeB, ttNeg( normalEdge ), &pB, &qB );
		ttClosestSegmentPoints( pA, qA, pB, qB, &cA, &cB );
		m->normal = normalEdge;
		m->pointCount = 1;
		m->points[0].pointA = cA;
		m->points[0].pointB = cB;
		m->points[0].separation = ttDot( ttSub( cB, cA ), normalEdge );
		m->points[0].id = 0x80000000u | (uint32_t)( edgeA * 3 + edgeB );
		m->featureIds = true;
		return true;
	}
	if ( useB )
	{
		ttFaceContact( &b, &a, axisB, ttNeg( normalB ), false, speculative, m );
	}
	else
	{
		ttFaceContact( &a, &b, axisA, normalA, true, speculative, m );
	}
	return m->pointCount > 0;
}
