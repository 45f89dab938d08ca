// SPDX-License-Identifier: MIT
// Hulls against hulls and boxes by the separating axis test, in the form of Gregorius's GDC 2013
// talk "The Separating Axis Test between Convex Polyhedra":
// - face axes: for each face of A the vertex of B deepest below its plane, and the same for B's
//   faces against A's vertices;
// - edge axes: only the pairs of edges that build a face of the Minkowski difference A - B. On the
//   Gauss map (the unit sphere of normals) an edge is the arc between its two faces' normals; an
//   edge pair builds a Minkowski face exactly when A's arc crosses the arc of B's negated normals.
//   Every other pair's cross product is a direction along which the support gap is not where the
//   two edges are, so testing it would be wasted or, measured on the edges, wrong;
// - pruning, which changes no result: each shape holds a ball about its centroid, and that bounds
//   the separation along any axis from above, so faces and edges whose bound cannot beat the
//   best face found are skipped (most face away from the other shape). On overlapping random
//   hulls this leaves 28 % of the edge pairs at 8 vertices, 17 % at 16 and 10 % at 64;
// - the manifold as for box-box (narrowphase_box.c): faces preferred over edges unless an edge
//   separates clearly more, the incident face (the other shape's face most opposed to the
//   reference normal) clipped against the reference face's side planes, points within the
//   speculative distance kept and reduced to 4 (manifold_clip.c); an edge contact is the closest
//   points of the two edges.
// Everything runs in A's shape frame: B's vertices and face planes are moved there once, which is
// cheaper than moving every direction of the queries and keeps float coordinates small.
// A box is a hull of 8 vertices and 6 faces (the tables below), so box-hull takes the same path.
// Hulls have no rounding radius (gjk.c gives them radius 0), so the faces are the surface.
#include "narrowphase_hull.h"

#include "contact.h"
#include "gjk.h"
#include "hull.h"

// A convex polygon clipped by k half-planes gains at most one vertex per plane; an incident face
// has at most TT_MAX_HULL_VERTICES vertices and a reference face as many sides.
#define TT_HULL_MAX_CLIP ( 2 * TT_MAX_HULL_VERTICES + 2 )
// Edges closer to parallel than this (sine of the angle) give no edge axis: their cross product
// has no reliable direction, and the face axes of the two edges' faces cover that direction.
#define TT_SAT_PARALLEL ( (ttReal)1e-5 )
// Relative allowance for rounding in the bounds that skip faces and edges facing away.
#define TT_SAT_BOUND_MARGIN ( (ttReal)1e-5 )

// The box as a hull: corner i has +x when bit 0 is set, +y for bit 1, +z for bit 2 (the corner
// numbering of the plane-box contacts); faces +x, -x, +y, -y, +z, -z, counter-clockwise seen from
// outside; each edge runs vertex1 -> vertex2 in face1 and back in face2, as hull.h lists edges.
// clang-format off
static const ttHullFace s_boxFaces[6] = {
	{ { 1, 0, 0 }, 0, 0, 4 },  { { -1, 0, 0 }, 0, 4, 4 }, { { 0, 1, 0 }, 0, 8, 4 },
	{ { 0, -1, 0 }, 0, 12, 4 }, { { 0, 0, 1 }, 0, 16, 4 }, { { 0, 0, -1 }, 0, 20, 4 },
};
static const uint8_t s_boxIndices[24] = { 1, 3, 7, 5, 0, 4, 6, 2, 2, 6, 7, 3, 0, 1, 5, 4, 4, 5, 7, 6, 0, 2, 3, 1 };
static const ttHullEdge s_boxEdges[12] = {
	{ 1, 3, 0, 5 }, { 3, 7, 0, 2 }, { 0, 4, 1, 3 }, { 4, 6, 1, 4 }, { 2, 6, 2, 1 }, { 6, 7, 2, 4 },
	{ 0, 1, 3, 5 }, { 1, 5, 3, 0 }, { 4, 5, 4, 3 }, { 5, 7, 4, 0 }, { 0, 2, 5, 1 }, { 2, 3, 5, 2 },
};
// clang-format on

// A hull or box in the working frame (A's shape frame). The topology (polygons, edges) is the
// shape's own; vertices and face planes are moved into the working frame.
typedef struct ttSatHull
{
	const ttHullFace* faces; ///< polygons: firstIndex and count
	const uint8_t* indices;
	const ttHullEdge* edges;
	int vertexCount, faceCount, edgeCount;
	ttVec3 centroid;    ///< an interior point
	ttReal innerRadius; ///< radius of the largest ball about the centroid inside the hull
	ttReal outerRadius; ///< radius of the smallest ball about the centroid holding the hull
	ttVec3 vertices[TT_MAX_HULL_VERTICES];
	ttVec3 normals[TT_MAX_HULL_FACES]; ///< unit, outward
	ttReal offsets[TT_MAX_HULL_FACES]; ///< normals[f] . x <= offsets[f] inside
} ttSatHull;

// The polytope of a box or hull shape whose frame is placed by `xf` in the working frame.
static void ttSatHull_Make( ttSatHull* h, const ttShape* shape, ttTransform xf )
{
	// One matrix for the many vectors: cheaper than a quaternion rotation each.
	ttMat3 r = ttMat3FromQuat( xf.q );
	ttReal localOffsets[TT_MAX_HULL_FACES];
	if ( shape->type == ttShape_box )
	{
		ttVec3 e = shape->box.halfExtents;
		h->faces = s_boxFaces;
		h->indices = s_boxIndices;
		h->edges = s_boxEdges;
		h->vertexCount = 8;
		h->faceCount = 6;
		h->edgeCount = 12;
		h->centroid = xf.p;
		for ( int i = 0; i < 8; ++i )
		{
			ttVec3 corner = { ( i & 1 ) ? e.x : -e.x, ( i & 2 ) ? e.y : -e.y, ( i & 4 ) ? e.z : -e.z };
			h->vertices[i] = ttAdd( ttMat3MulVec( r, corner ), xf.p );
		}
		for ( int f = 0; f < 6; ++f )
		{
			ttVec3 n = s_boxFaces[f].normal;
			localOffsets[f] = ttAbs( n.x ) * e.x + ttAbs( n.y ) * e.y + ttAbs( n.z ) * e.z;
		}
	}
	else
	{
		const ttHullData* hull = shape->hull;
		h->faces = hull->faces;
		h->indices = hull->indices;
		h->edges = hull->edges;
		h->vertexCount = hull->vertexCount;
		h->faceCount = hull->faceCount;
		h->edgeCount = hull->edgeCount;
		h->centroid = ttAdd( ttMat3MulVec( r, hull->centroid ), xf.p );
		for ( int i = 0; i < hull->vertexCount; ++i )
		{
			h->vertices[i] = ttAdd( ttMat3MulVec( r, hull->vertices[i] ), xf.p );
		}
		for ( int f = 0; f < hull->faceCount; ++f )
		{
			localOffsets[f] = hull->faces[f].offset;
		}
	}
	// n . x <= c in the shape frame is (R n) . y <= c + (R n) . p for y = R x + p.
	h->innerRadius = TT_HUGE;
	for ( int f = 0; f < h->faceCount; ++f )
	{
		h->normals[f] = ttMat3MulVec( r, h->faces[f].normal );
		h->offsets[f] = localOffsets[f] + ttDot( h->normals[f], xf.p );
		h->innerRadius = ttMinReal( h->innerRadius, h->offsets[f] - ttDot( h->normals[f], h->centroid ) );
	}
	ttReal outerSquared = 0;
	for ( int i = 0; i < h->vertexCount; ++i )
	{
		outerSquared = ttMaxReal( outerSquared, ttLengthSquared( ttSub( h->vertices[i], h->centroid ) ) );
	}
	h->outerRadius = ttSqrt( outerSquared );
}

// The best axis of each kind; a query stops as soon as an axis separates by more than its limit.
typedef struct ttSatAxes
{
	ttReal faceA, faceB, edge; ///< largest separation of each kind, -TT_HUGE when none was tested
	int faceIndexA, faceIndexB;
	int edgeA, edgeB;  ///< -1 when no edge pair builds a Minkowski face
	ttVec3 edgeNormal; ///< working frame, from A to B
} ttSatAxes;

// The separation along p's face f: the vertex of q deepest below the face plane.
static ttReal ttSat_FaceSeparation( const ttSatHull* p, int f, const ttSatHull* q )
{
	ttVec3 n = p->normals[f];
	ttReal lowest = TT_HUGE;
	for ( int i = 0; i < q->vertexCount; ++i )
	{
		lowest = ttMinReal( lowest, ttDot( n, q->vertices[i] ) );
	}
	return lowest - p->offsets[f];
}

// Largest separation over p's face normals. q holds the ball of its inner radius about its
// centroid, so along face f the separation is at most n . c - r - offset: faces whose bound does
// not beat the best so far (by more than `margin`, for rounding) are skipped, and the face with
// the largest bound goes first.
static ttReal ttSat_QueryFaces( const ttSatHull* p, const ttSatHull* q, ttReal limit, ttReal margin, int* bestFace )
{
	ttReal bound[TT_MAX_HULL_FACES];
	int first = 0;
	for ( int f = 0; f < p->faceCount; ++f )
	{
		bound[f] = ttDot( p->normals[f], q->centroid ) - q->innerRadius - p->offsets[f];
		first = bound[f] > bound[first] ? f : first;
	}
	ttReal best = ttSat_FaceSeparation( p, first, q );
	*bestFace = first;
	for ( int f = 0; f < p->faceCount && best <= limit; ++f )
	{
		if ( f == first || bound[f] + margin <= best )
		{
			continue;
		}
		ttReal separation = ttSat_FaceSeparation( p, f, q );
		if ( separation > best )
		{
			best = separation;
			*bestFace = f;
		}
	}
	return best;
}

// Whether an edge can give an axis separating more than `best`. An edge of P with the arc of
// outward normals u1..u2 and a point e supports P along every n of the arc, and the other hull Q
// contains the ball of radius r about its centroid c, so along such n the separation is at most
// n . (c - e) - r. Most edges face away from Q and fail this by far. `margin` covers rounding.
//
// The largest u . v over the arc (v = c - e) is at an end (e1 = u1 . v, e2 = u2 . v), or at the
// peak of u . v on the whole great circle, |w| for w the projection of v onto the arc's plane,
// when that lies on the arc: there the derivatives along the arc at both ends point inward,
// e2 - k e1 >= 0 and e1 - k e2 >= 0 for k = u1 . u2, and |w|^2 = (e1^2 + e2^2 - 2 k e1 e2) /
// (1 - k^2). Compared squared, no square root is taken.
static bool ttSat_EdgeMayBeat( ttVec3 u1, ttVec3 u2, ttVec3 e, const ttSatHull* q, ttReal best, ttReal margin )
{
	ttVec3 v = ttSub( q->centroid, e );
	ttReal threshold = best + q->innerRadius - margin;
	ttReal e1 = ttDot( u1, v ), e2 = ttDot( u2, v );
	if ( e1 > threshold || e2 > threshold )
	{
		return true;
	}
	ttReal k = ttDot( u1, u2 );
	if ( e2 - k * e1 < 0 || e1 - k * e2 < 0 )
	{
		return false;
	}
	return threshold < 0 || e1 * e1 + e2 * e2 - 2 * k * e1 * e2 > threshold * threshold * ( 1 - k * k );
}

// Largest separation over the edge pairs that build faces of the Minkowski difference A - B, if
// one separates more than `best` (the best face axis; edges matter only where they beat it).
// A's edge i has the arc from normal a1 to a2 on the Gauss map, its direction dA = a1 x a2 up to
// a positive factor (hull.h's edge orientation); B's edge contributes the arc of -b1 to -b2,
// along dB ~ b1 x b2. The arcs cross when b1 and b2 lie on opposite sides of A's great circle,
// a1 and a2 on opposite sides of B's, and the crossing is not the antipodal one (b1 and a2 on
// the same side of the other's circle once B's normals are negated).
static ttReal ttSat_QueryEdges( const ttSatHull* a, const ttSatHull* b, ttReal best, ttReal limit, ttReal margin,
                                ttSatAxes* axes )
{
	ttReal found = -TT_HUGE;
	axes->edgeA = -1;
	axes->edgeB = -1;
	// B's edges that may beat the faces (the bound of ttSat_EdgeMayBeat with -n on B's arc).
	// The faces of those edges are the only normals of B that the Gauss-map test reads.
	int edgesB[TT_MAX_HULL_EDGES], facesB[TT_MAX_HULL_FACES];
	bool listed[TT_MAX_HULL_FACES] = { false };
	int countB = 0, faceCountB = 0;
	for ( int j = 0; j < b->edgeCount; ++j )
	{
		ttHullEdge eb = b->edges[j];
		if ( ttSat_EdgeMayBeat( b->normals[eb.face1], b->normals[eb.face2], b->vertices[eb.vertex1], a, best, margin ) )
		{
			edgesB[countB++] = j;
			int ends[2] = { eb.face1, eb.face2 };
			for ( int k = 0; k < 2; ++k )
			{
				if ( listed[ends[k]] == false )
				{
					listed[ends[k]] = true;
					facesB[faceCountB++] = ends[k];
				}
			}
		}
	}
	for ( int i = 0; i < a->edgeCount && countB > 0; ++i )
	{
		ttHullEdge ea = a->edges[i];
		ttVec3 pA = a->vertices[ea.vertex1];
		ttVec3 a1 = a->normals[ea.face1], a2 = a->normals[ea.face2];
		if ( ttSat_EdgeMayBeat( a1, a2, pA, b, best, margin ) == false )
		{
			continue;
		}
		ttVec3 dA = ttSub( a->vertices[ea.vertex2], pA );
		ttReal lengthA = ttLength( dA );
		// The side of A's great circle that each of B's normals lies on, once per edge of A
		// rather than twice per edge pair (B has fewer faces than edges).
		ttReal side[TT_MAX_HULL_FACES];
		for ( int k = 0; k < faceCountB; ++k )
		{
			side[facesB[k]] = ttDot( b->normals[facesB[k]], dA );
		}
		// B's edges whose two normals lie on opposite sides (B's silhouette seen along dA), listed
		// without a branch: the test is true for few edges and unpredictable, and mispredicted
		// branches cost more than the arithmetic of the whole loop.
		int crossing[TT_MAX_HULL_EDGES];
		int crossingCount = 0;
		for ( int k = 0; k < countB; ++k )
		{
			ttHullEdge eb = b->edges[edgesB[k]];
			crossing[crossingCount] = edgesB[k];
			crossingCount += side[eb.face1] * side[eb.face2] < 0 ? 1 : 0;
		}
		for ( int k = 0; k < crossingCount; ++k )
		{
			int j = crossing[k];
			ttHullEdge eb = b->edges[j];
			ttReal b1A = side[eb.face1];
			ttVec3 pB = b->vertices[eb.vertex1];
			ttVec3 dB = ttSub( b->vertices[eb.vertex2], pB );
			ttReal a1B = ttDot( a1, dB ), a2B = ttDot( a2, dB );
			if ( a1B * a2B >= 0 || b1A * a2B >= 0 )
			{
				continue;
			}
			ttReal length;
			ttVec3 n = ttGetLengthAndNormalize( &length, ttCross( dA, dB ) );
			if ( length <= TT_SAT_PARALLEL * lengthA * ttLength( dB ) )
			{
				continue;
			}
			// Outward from A: the axis lies between A's two face normals at this edge.
			if ( ttDot( n, ttSub( pA, a->centroid ) ) < 0 )
			{
				n = ttNeg( n );
			}
			ttReal separation = ttDot( n, ttSub( pB, pA ) );
			if ( separation > found )
			{
				found = separation;
				best = ttMaxReal( best, separation );
				axes->edgeA = i;
				axes->edgeB = j;
				axes->edgeNormal = n;
				if ( separation > limit )
				{
					return found;
				}
			}
		}
	}
	return found;
}

// All three queries; false as soon as one finds an axis separating by more than `limit`.
static bool ttSat_Run( const ttSatHull* a, const ttSatHull* b, ttReal limit, ttSatAxes* axes )
{
	axes->faceB = -TT_HUGE;
	axes->edge = -TT_HUGE;
	axes->faceIndexB = -1;
	axes->edgeA = axes->edgeB = -1;
	// The bounds that skip faces and edges are sums of products of coordinates of this size.
	ttReal margin = TT_SAT_BOUND_MARGIN * ( ttDistance( a->centroid, b->centroid ) + a->outerRadius + b->outerRadius );
	axes->faceA = ttSat_QueryFaces( a, b, limit, margin, &axes->faceIndexA );
	if ( axes->faceA > limit )
	{
		return false;
	}
	axes->faceB = ttSat_QueryFaces( b, a, limit, margin, &axes->faceIndexB );
	if ( axes->faceB > limit )
	{
		return false;
	}
	axes->edge = ttSat_QueryEdges( a, b, ttMaxReal( axes->faceA, axes->faceB ), limit, margin, axes );
	return axes->edge <= limit;
}

// The pair in A's frame: A as it is, B moved by A's inverse.
static void ttSat_MakePair( const ttShape* a, const ttShape* b, ttTransform xfA, ttTransform xfB, ttSatHull* ha,
                            ttSatHull* hb )
{
	ttSatHull_Make( ha, a, TT_TRANSFORM_IDENTITY );
	ttSatHull_Make( hb, b, ttInvMulTransforms( xfA, xfB ) );
}

ttSatQuery ttHullSat_Query( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB )
{
	ttSatHull ha, hb;
	ttSat_MakePair( a, b, xfA, xfB, &ha, &hb );
	ttSatAxes axes;
	ttSat_Run( &ha, &hb, TT_HUGE, &axes );
	ttSatQuery q = { axes.faceA, ha.normals[axes.faceIndexA], ttSatAxis_faceA, axes.faceIndexA, -1 };
	if ( axes.faceB > q.separation )
	{
		q = ( ttSatQuery ){ axes.faceB, ttNeg( hb.normals[axes.faceIndexB] ), ttSatAxis_faceB, -1, axes.faceIndexB };
	}
	if ( axes.edgeA >= 0 && axes.edge > q.separation )
	{
		q = ( ttSatQuery ){ axes.edge, axes.edgeNormal, ttSatAxis_edges, axes.edgeA, axes.edgeB };
	}
	q.normal = ttRotate( xfA.q, q.normal );
	return q;
}

// Top byte of a face contact's feature ids: which faces met and which shape holds the reference
// face, as in box-box, here folded into 7 bits (hulls have up to TT_MAX_HULL_FACES faces). Bit 31
// stays clear: it marks edge contacts.
static uint32_t ttSat_FaceBits( int refFace, int incFace, bool refIsA )
{
	uint32_t faces = ( (uint32_t)refFace * TT_MAX_HULL_FACES + (uint32_t)incFace ) * 2u + ( refIsA ? 1u : 0u );
	return ( ( faces * 0x9E3779B1u ) >> 25 ) << 24;
}

// Face contact on reference face `refFace` of `ref` (its normal points toward `inc`). Points are
// in the working frame until written to the manifold through xfA.
static void ttSat_FaceContact( const ttSatHull* ref, int refFace, const ttSatHull* inc, bool refIsA, ttTransform xfA,
                               ttReal speculative, ttManifoldGeometry* m )
{
	ttVec3 n = ref->normals[refFace];
	int incFace = 0;
	ttReal lowest = TT_HUGE;
	for ( int f = 0; f < inc->faceCount; ++f )
	{
		ttReal alignment = ttDot( inc->normals[f], n );
		if ( alignment < lowest )
		{
			lowest = alignment;
			incFace = f;
		}
	}
	// The incident polygon, its points named by their vertex (plus one: 0 means "no id").
	ttVec3 bufferA[TT_HULL_MAX_CLIP], bufferB[TT_HULL_MAX_CLIP];
	uint32_t idsA[TT_HULL_MAX_CLIP], idsB[TT_HULL_MAX_CLIP];
	const ttHullFace* face = inc->faces + incFace;
	for ( int k = 0; k < face->count; ++k )
	{
		int v = inc->indices[face->firstIndex + k];
		bufferA[k] = inc->vertices[v];
		idsA[k] = (uint32_t)v + 1u;
	}
	int count = face->count;
	ttVec3 *polygon = bufferA, *clipped = bufferB;
	uint32_t *ids = idsA, *clippedIds = idsB;

	// Side planes of the reference polygon: edge x normal points out of a counter-clockwise face.
	const ttHullFace* reference = ref->faces + refFace;
	for ( int k = 0; k < reference->count && count > 0; ++k )
	{
		ttVec3 p = ref->vertices[ref->indices[reference->firstIndex + k]];
		ttVec3 q = ref->vertices[ref->indices[reference->firstIndex + ( k + 1 ) % reference->count]];
		ttVec3 side = ttNormalize( ttCross( ttSub( q, p ), n ) );
		count = ttClipPolygon( polygon, ids, count, side, ttDot( side, p ), k, clipped, clippedIds, TT_HULL_MAX_CLIP );
		ttVec3* swapPoints = polygon;
		polygon = clipped;
		clipped = swapPoints;
		uint32_t* swapIds = ids;
		ids = clippedIds;
		clippedIds = swapIds;
	}

	uint32_t faceBits = ttSat_FaceBits( refFace, incFace, refIsA );
	ttReal depth[TT_HULL_MAX_CLIP];
	int kept = 0;
	for ( int i = 0; i < count; ++i )
	{
		ttReal separation = ttDot( n, polygon[i] ) - ref->offsets[refFace];
		if ( separation <= speculative )
		{
			// Kept points move to the front of the same buffers.
			polygon[kept] = polygon[i];
			ids[kept] = faceBits | ids[i];
			depth[kept] = separation;
			kept += 1;
		}
	}
	int chosen[4];
	int pointCount = ttReduceClippedPoints( polygon, depth, kept, n, chosen );
	ttVec3 worldNormal = ttRotate( xfA.q, n );
	m->normal = refIsA ? worldNormal : ttNeg( worldNormal );
	m->featureIds = true;
	m->pointCount = pointCount;
	for ( int i = 0; i < pointCount; ++i )
	{
		int c = chosen[i];
		ttVec3 onIncident = ttTransformPoint( xfA, polygon[c] );
		ttVec3 onReference = ttMulAdd( onIncident, -depth[c], worldNormal );
		ttContactGeometry* g = m->points + i;
		g->pointA = refIsA ? onReference : onIncident;
		g->pointB = refIsA ? onIncident : onReference;
		g->separation = depth[c];
		g->id = ids[c];
	}
}

bool ttCollideHulls( const ttShape* a, ttTransform xfA, const ttShape* b, ttTransform xfB, ttReal speculative,
                     ttManifoldGeometry* m )
{
	ttSatHull ha, hb;
	ttSat_MakePair( a, b, xfA, xfB, &ha, &hb );
	ttSatAxes axes;
	if ( ttSat_Run( &ha, &hb, speculative, &axes ) == false )
	{
		return false;
	}

	const ttReal relative = TT_SAT_RELATIVE_MARGIN, absolute = TT_SAT_ABSOLUTE_MARGIN;
	bool useB = axes.faceB > axes.faceA + relative * ttAbs( axes.faceA ) + absolute;
	ttReal bestFace = useB ? axes.faceB : axes.faceA;
	if ( axes.edgeA >= 0 && axes.edge > bestFace + relative * ttAbs( bestFace ) + absolute )
	{
		ttHullEdge ea = ha.edges[axes.edgeA], eb = hb.edges[axes.edgeB];
		ttVec3 cA, cB;
		ttClosestSegmentPoints( ha.vertices[ea.vertex1], ha.vertices[ea.vertex2], hb.vertices[eb.vertex1],
		                        hb.vertices[eb.vertex2], &cA, &cB );
		m->normal = ttRotate( xfA.q, axes.edgeNormal );
		m->pointCount = 1;
		m->points[0].pointA = ttTransformPoint( xfA, cA );
		m->points[0].pointB = ttTransformPoint( xfA, cB );
		m->points[0].separation = ttDot( ttSub( cB, cA ), axes.edgeNormal );
		m->points[0].id = 0x80000000u | (uint32_t)( axes.edgeA * TT_MAX_HULL_EDGES + axes.edgeB );
		m->featureIds = true;
		return true;
	}
	if ( useB )
	{
		ttSat_FaceContact( &hb, axes.faceIndexB, &ha, false, xfA, speculative, m );
	}
	else
	{
		ttSat_FaceContact( &ha, axes.faceIndexA, &hb, true, xfA, speculative, m );
	}
	if ( m->pointCount > 0 )
	{
		return true;
	}
	// Nothing of the incident face lies within the reference face's side planes. Overlapping
	// shapes do not get here; shapes apart do when their closest features are a vertex or an
	// edge off the face (corner near corner): the face axis only bounds their distance from
	// below, so GJK measures it, and a pair within the speculative distance gets its point.
	m->featureIds = false;
	return ttCollideConvex( a, xfA, b, xfB, speculative, m );
}
