// SPDX-License-Identifier: MIT
// Convex shapes against triangle meshes and heightfields. The mid phase walks the mesh's triangle
// tree with the convex shape's box (in the mesh's frame); each triangle it finds is a flat convex
// hull (mesh.h) that goes through the general convex routine (GJK/EPA, face clipping), which
// gives a manifold with that triangle's own normal. The manifolds of a pair are held until every
// triangle is known; then ghosts are settled and the manifolds of coplanar triangles are merged
// into one, so that a pair yields one manifold per contact plane.
//
// Internal edges. A shape sliding over two triangles that share an edge is close to the edge of
// the triangle it is leaving, and the closest-point normal there is tilted toward its centre: a
// contact with that normal is a ghost bump on a flat surface. Such a contact is real only when the
// normal lies in the edge's wedge, between the two faces' normals; beyond the wedge the shape is
// over the neighbour's face, and the neighbour's own manifold carries the contact. With w the
// neighbour's in-plane direction away from the edge, the normal n is in the wedge iff n . w <= 0
// (on a flat or concave edge the wedge is empty or lies on the wrong side, so every tilted normal
// goes), and a vertex contact must pass the test of both its edges. Boundary edges keep every
// contact. The same test holds seen from the back of two-sided triangles.
//
// Uncovered ghosts. The wedge argument holds for closest-point normals. A shape that penetrates
// a vertex or an edge (a hull's edge sunk onto a peak of the terrain) gets EPA's normal for that
// one triangle, which can lean past every wedge around the vertex while no neighbour touches the
// shape anywhere else: dropping all of them let the shape fall through. So a penetrating ghost is
// dropped only when a kept contact covers its feature (a kept manifold's triangle has the vertex,
// or both vertices of the edge); otherwise the deepest ghost at that feature is kept as it is.
//
// Coplanar triangles. A box lying on a flat mesh of small triangles touches a dozen of them, and
// each gave its own manifold of clipped points (some 130 points for one box, most of them on the
// triangles' edges, changing as it moves): how load and friction were shared among them was up
// to the solver's order and to which points had a predecessor to warm start from, and a box
// sliding across the triangles turned at 0.3 rad/s (on a plane 7e-4). Manifolds whose normals
// agree (within TT_MERGE_NORMAL) are one contact plane: their points are pooled and reduced to 4
// as for a box on a plane (the box's corners), and the merged manifold is named by its smallest
// triangle (contact_match.c follows it by its normal when that changes).
#include "core.h"
#include "gjk.h"
#include "mesh.h"
#include "world.h"

#include <string.h>

// Barycentric weights below this count as zero: the contact is on that edge or vertex.
#define TT_FEATURE_WEIGHT ( (ttReal)1e-4 )
// A normal that leans at most this far (sine of the angle) past an edge's wedge is replaced by
// the face normal rather than dropped: a shape centred over a flat edge or vertex keeps its
// contacts on every side despite rounding, and none of them tilts (a tilted one would push the
// shape off the vertex, slowly but without end).
#define TT_WEDGE_TOLERANCE ( (ttReal)1e-3 )
// A contact normal within about 1 milliradian of the face normal (1 - cosine below this) is
// taken as the face normal.
#define TT_SNAP_NORMAL ( (ttReal)5e-7 )
// Manifolds of one pair whose normals agree this well (1 - cosine, about 1 milliradian) are one
// contact plane and are merged.
#define TT_MERGE_NORMAL ( (ttReal)5e-7 )

typedef void ttMeshManifoldFcn( const ttManifoldGeometry* manifold, void* context );

// A triangle's manifold (mesh frame), held until the pair's every triangle is known.
typedef struct ttTriangleContact
{
	ttManifoldGeometry geometry;
	int triangle;
	/// Ghosts: the mesh vertices of the edge it touches, or of the vertex (feature[1] = -1).
	int feature[2];
	ttReal depth; ///< ghosts: the deepest separation
} ttTriangleContact;

typedef struct ttTriangleContactArray
{
	ttTriangleContact* data;
	int count, capacity;
} ttTriangleContactArray;

typedef struct ttMeshCollider
{
	const ttMeshData* mesh;
	const ttShape* convex;
	ttTransform local;   ///< convex in the mesh's frame
	ttConvexProxy proxy; ///< the convex shape at `local`
	ttTransform meshToWorld;
	ttReal speculative;
	ttTriangleShape triangle;
	ttMeshManifoldFcn* fcn;
	void* context;
	ttTriangleContactArray kept;   ///< manifolds that passed the internal-edge test
	ttTriangleContactArray ghosts; ///< penetrating contacts that failed it
	int* covered;                  ///< mesh vertices of the kept triangles (see the file comment)
	int coveredCount, coveredCapacity;
	ttContactGeometry* pool; ///< scratch: the points of a merged group
	int poolCapacity;
	bool failed; ///< out of memory: some contacts were lost this substep
} ttMeshCollider;

// How far normal n (mesh frame) leans past the wedge of triangle t's edge e (see the file
// comment): <= 0 inside the wedge.
static ttReal ttEdgeExcess( const ttMeshData* mesh, int t, int e, ttVec3 n )
{
	int neighbour = mesh->adjacent[3 * t + e];
	if ( neighbour < 0 )
	{
		return -1; // a boundary edge: every normal is real
	}
	ttVec3 v[3], w[3];
	ttMesh_GetTriangle( mesh, t, v );
	ttMesh_GetTriangle( mesh, neighbour, w );
	ttVec3 a = v[e], axis = ttNormalize( ttSub( v[( e + 1 ) % 3], a ) );
	// The neighbour's corner off the edge: the one farthest from the edge's line.
	ttVec3 away = TT_VEC3_ZERO;
	ttReal farthest = -1;
	for ( int k = 0; k < 3; ++k )
	{
		ttVec3 d = ttSub( w[k], a );
		ttVec3 off = ttMulAdd( d, -ttDot( d, axis ), axis );
		ttReal distance = ttLength( off );
		if ( distance > farthest )
		{
			farthest = distance;
			away = off;
		}
	}
	return ttDot( n, ttNormalize( away ) );
}

// Barycentric weights of p projected onto the triangle's plane.
static void ttBarycentric( const ttVec3 v[3], ttVec3 p, ttReal weights[3] )
{
	ttVec3 n = ttCross( ttSub( v[1], v[0] ), ttSub( v[2], v[0] ) );
	ttReal area = ttDot( n, n );
	for ( int k = 0; k < 3; ++k )
	{
		ttVec3 a = v[( k + 1 ) % 3], b = v[( k + 2 ) % 3];
		weights[k] = ttDot( n, ttCross( ttSub( b, a ), ttSub( p, a ) ) ) / area;
	}
}

// How far the contact with normal n at triangle point p leans past the wedges of the edges it is
// on: <= 0 for a real contact (inside the face, or an edge or vertex normal within its wedges).
// feature gets the mesh vertices of the edge or vertex the point is on (-1 for none).
static ttReal ttContactExcess( const ttMeshData* mesh, int t, const ttVec3 v[3], ttVec3 p, ttVec3 n, int feature[2] )
{
	feature[0] = -1;
	feature[1] = -1;
	ttReal weights[3];
	ttBarycentric( v, p, weights );
	int zero = 0, last = -1, other = -1;
	for ( int k = 0; k < 3; ++k )
	{
		if ( weights[k] <= TT_FEATURE_WEIGHT )
		{
			zero += 1;
			last = k;
		}
		else
		{
			other = k;
		}
	}
	if ( zero == 0 || ( zero > 1 && other < 0 ) )
	{
		return -1; // inside the face (or a degenerate projection: keep the contact rather than guess)
	}
	const int* index = mesh->indices + 3 * t;
	if ( zero == 1 )
	{
		// The edge opposite vertex `last` runs from v[last + 1] to v[last + 2]: edge index last + 1.
		feature[0] = index[( last + 1 ) % 3];
		feature[1] = index[( last + 2 ) % 3];
		return ttEdgeExcess( mesh, t, ( last + 1 ) % 3, n );
	}
	// Vertex `other`: its edges are `other` (leaving it) and `other + 2` (arriving at it).
	feature[0] = index[other];
	return ttMaxReal( ttEdgeExcess( mesh, t, other, n ), ttEdgeExcess( mesh, t, ( other + 2 ) % 3, n ) );
}

// The contact along the triangle's face normal (oriented toward the shape): from the shape's
// deepest point below the triangle's plane. A heightfield is solid below its surface, so a shape
// reached from below (or with a normal pointing down) is pushed up this way; an edge or vertex
// normal that leans just past its wedge snaps to it.
static bool ttCollideAlongFace( ttMeshCollider* c, const ttVec3 v[3], ttVec3 faceNormal, ttManifoldGeometry* m )
{
	const ttConvexProxy* proxy = &c->proxy;
	ttVec3 deepest = ttMulAdd( ttConvexProxy_Support( proxy, ttNeg( faceNormal ) ), -proxy->radius, faceNormal );
	ttReal separation = ttDot( faceNormal, ttSub( deepest, v[0] ) );
	if ( separation > c->speculative )
	{
		return false;
	}
	m->normal = faceNormal;
	m->pointCount = 1;
	m->points[0].pointB = deepest;
	m->points[0].pointA = ttMulAdd( deepest, -separation, faceNormal );
	m->points[0].separation = separation;
	return true;
}

// Whether a cheap test separates the shape from the triangle by more than the speculative
// distance: the triangle's plane (the shape wholly in front of it, or wholly behind a two-sided
// one), and for boxes the box's three face axes. Most triangles the tree walk finds under a
// resting shape lie within its box but outside its footprint; this spares them GJK.
static bool ttIsSeparated( const ttMeshCollider* c, const ttVec3 v[3], ttVec3 n )
{
	ttReal offset = ttDot( n, v[0] );
	ttReal lowest = ttDot( n, ttConvexProxy_Support( &c->proxy, ttNeg( n ) ) ) - c->proxy.radius;
	if ( lowest - offset > c->speculative )
	{
		return true;
	}
	ttReal highest = ttDot( n, ttConvexProxy_Support( &c->proxy, n ) ) + c->proxy.radius;
	if ( c->mesh->oneSided == false && offset - highest > c->speculative )
	{
		return true;
	}
	if ( c->convex->type != ttShape_box )
	{
		return false;
	}
	const ttReal* half = &c->convex->box.halfExtents.x;
	for ( int i = 0; i < 3; ++i )
	{
		ttVec3 e = TT_VEC3_ZERO;
		( &e.x )[i] = 1;
		ttVec3 axis = ttRotate( c->local.q, e );
		ttReal lo = TT_HUGE, hi = -TT_HUGE;
		for ( int k = 0; k < 3; ++k )
		{
			ttReal p = ttDot( axis, ttSub( v[k], c->local.p ) );
			lo = ttMinReal( lo, p );
			hi = ttMaxReal( hi, p );
		}
		if ( lo > half[i] + c->speculative || hi < -half[i] - c->speculative )
		{
			return true;
		}
	}
	return false;
}

// Pass a manifold (mesh frame) on in world coordinates, named by `key`.
static void ttEmit( ttMeshCollider* c, ttManifoldGeometry* m, int key )
{
	ttTransform xf = c->meshToWorld;
	m->normal = ttRotate( xf.q, m->normal );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		m->points[i].pointA = ttTransformPoint( xf, m->points[i].pointA );
		m->points[i].pointB = ttTransformPoint( xf, m->points[i].pointB );
		m->points[i].id = 0;
	}
	m->featureIds = false;
	m->key = key;
	c->fcn( m, c->context );
}

// Append a triangle's manifold to a list; false when out of memory.
static bool ttPushTriangleContact( ttTriangleContactArray* array, const ttManifoldGeometry* m, int t,
                                   const int feature[2], ttReal depth )
{
	if ( array->count == array->capacity )
	{
		int capacity = array->capacity < 16 ? 16 : 2 * array->capacity;
		ttTriangleContact* data = ttGrow( array->data, sizeof( ttTriangleContact ) * (size_t)array->capacity,
		                                  sizeof( ttTriangleContact ) * (size_t)capacity );
		if ( data == NULL )
		{
			return false;
		}
		array->data = data;
		array->capacity = capacity;
	}
	ttTriangleContact* tc = array->data + array->count++;
	tc->geometry = *m;
	tc->triangle = t;
	tc->feature[0] = feature[0];
	tc->feature[1] = feature[1];
	tc->depth = depth;
	return true;
}

static bool ttCollideTriangle( int t, void* context )
{
	ttMeshCollider* c = context;
	ttVec3 v[3];
	ttMesh_GetTriangle( c->mesh, t, v );
	ttVec3 faceNormal = ttNormalize( ttCross( ttSub( v[1], v[0] ), ttSub( v[2], v[0] ) ) );
	if ( ttIsSeparated( c, v, faceNormal ) )
	{
		return true;
	}
	ttManifoldGeometry m;
	m.pointCount = 0;
	if ( c->convex->type == ttShape_sphere )
	{
		// A sphere needs only the triangle's point nearest its centre (what GJK would find).
		ttVec3 center = c->local.p;
		ttVec3 q = ttTriangle_ClosestPoint( v, center );
		ttReal distance;
		ttVec3 normal = ttGetLengthAndNormalize( &distance, ttSub( center, q ) );
		ttReal r = c->convex->sphere.radius;
		if ( distance - r > c->speculative )
		{
			return true;
		}
		if ( distance == 0 )
		{
			normal = faceNormal; // the centre on the triangle: out through the front
		}
		m.normal = normal;
		m.pointCount = 1;
		m.points[0] = ( ttContactGeometry ){ q, ttMulAdd( center, -r, normal ), distance - r, 0 };
	}
	else
	{
		ttTriangleShape_Set( &c->triangle, v );
		if ( ttCollideConvex( &c->triangle.shape, TT_TRANSFORM_IDENTITY, c->convex, c->local, c->speculative, &m ) ==
		         false ||
		     m.pointCount == 0 )
		{
			return true;
		}
	}
	ttReal along = ttDot( m.normal, faceNormal );
	bool finite = ttIsValidVec3( m.normal ) && ttAbs( ttLength( m.normal ) - 1 ) < (ttReal)1e-3;
	if ( c->mesh->oneSided && ( along <= 0 || finite == false ) )
	{
		if ( ttCollideAlongFace( c, v, faceNormal, &m ) == false )
		{
			return true;
		}
	}
	else if ( finite == false )
	{
		return true; // EPA on a degenerate configuration (a core exactly in the plane): skip a substep
	}
	else
	{
		ttVec3 side = along >= 0 ? faceNormal : ttNeg( faceNormal );
		if ( 1 - ttAbs( along ) <= TT_SNAP_NORMAL )
		{
			// The face normal up to a tilt below any physical meaning: use it exactly. GJK's closest
			// point near a vertex is only so precise, and the tilt it leaves (or a point off the
			// line through the shape's centre) would push a resting shape off the vertex. Clipped
			// face points already lie along it; a single point is recomputed from the support.
			if ( m.pointCount == 1 )
			{
				if ( ttCollideAlongFace( c, v, side, &m ) == false )
				{
					return true;
				}
			}
			m.normal = side;
		}
		else
		{
			int deepest = 0;
			for ( int i = 1; i < m.pointCount; ++i )
			{
				deepest = m.points[i].separation < m.points[deepest].separation ? i : deepest;
			}
			int feature[2];
			ttReal excess = ttContactExcess( c->mesh, t, v, m.points[deepest].pointA, m.normal, feature );
			if ( excess > TT_WEDGE_TOLERANCE )
			{
				// A ghost: the neighbour's face carries this contact. One that penetrates waits for
				// the pair's other triangles (ttSettleGhosts), in case none does.
				ttReal depth = m.points[deepest].separation;
				if ( depth < 0 && ttPushTriangleContact( &c->ghosts, &m, t, feature, depth ) == false )
				{
					c->failed = true;
				}
				return true;
			}
			if ( excess > 0 && ttCollideAlongFace( c, v, side, &m ) == false )
			{
				return true;
			}
		}
	}
	int none[2] = { -1, -1 };
	if ( ttPushTriangleContact( &c->kept, &m, t, none, 0 ) == false )
	{
		c->failed = true;
	}
	return true;
}

// Whether mesh vertex `vertex` belongs to a kept contact.
static bool ttIsCovered( const ttMeshCollider* c, int vertex )
{
	for ( int i = 0; i < c->coveredCount; ++i )
	{
		if ( c->covered[i] == vertex )
		{
			return true;
		}
	}
	return false;
}

static bool ttCover( ttMeshCollider* c, int vertex )
{
	if ( vertex < 0 || ttIsCovered( c, vertex ) )
	{
		return true;
	}
	if ( c->coveredCount == c->coveredCapacity )
	{
		int capacity = c->coveredCapacity < 64 ? 64 : 2 * c->coveredCapacity;
		int* covered =
		    ttGrow( c->covered, sizeof( int ) * (size_t)c->coveredCapacity, sizeof( int ) * (size_t)capacity );
		if ( covered == NULL )
		{
			return false;
		}
		c->covered = covered;
		c->coveredCapacity = capacity;
	}
	c->covered[c->coveredCount++] = vertex;
	return true;
}

// Penetrating ghosts (see the file comment): one whose edge or vertex a kept triangle shares is
// carried by that triangle and goes; otherwise the deepest ghost at each feature stays.
static void ttSettleGhosts( ttMeshCollider* c )
{
	if ( c->ghosts.count == 0 )
	{
		return;
	}
	for ( int i = 0; i < c->kept.count; ++i )
	{
		const int* index = c->mesh->indices + 3 * c->kept.data[i].triangle;
		for ( int k = 0; k < 3; ++k )
		{
			c->failed = ttCover( c, index[k] ) == false || c->failed;
		}
	}
	// Deepest first (insertion sort: ghosts are few).
	ttTriangleContact* ghosts = c->ghosts.data;
	for ( int i = 1; i < c->ghosts.count; ++i )
	{
		ttTriangleContact g = ghosts[i];
		int j = i;
		for ( ; j > 0 && ghosts[j - 1].depth > g.depth; --j )
		{
			ghosts[j] = ghosts[j - 1];
		}
		ghosts[j] = g;
	}
	for ( int i = 0; i < c->ghosts.count; ++i )
	{
		const ttTriangleContact* g = ghosts + i;
		bool covered = ttIsCovered( c, g->feature[0] ) && ( g->feature[1] < 0 || ttIsCovered( c, g->feature[1] ) );
		if ( covered )
		{
			continue;
		}
		bool ok = ttPushTriangleContact( &c->kept, &g->geometry, g->triangle, g->feature, g->depth );
		ok = ok && ttCover( c, g->feature[0] ) && ttCover( c, g->feature[1] );
		c->failed = ok == false || c->failed;
	}
}

// Room for `count` pooled points.
static bool ttReservePool( ttMeshCollider* c, int count )
{
	if ( count <= c->poolCapacity )
	{
		return true;
	}
	int capacity = count < 64 ? 64 : 2 * count;
	ttContactGeometry* pool = ttGrow( c->pool, sizeof( ttContactGeometry ) * (size_t)c->poolCapacity,
	                                  sizeof( ttContactGeometry ) * (size_t)capacity );
	if ( pool == NULL )
	{
		return false;
	}
	c->pool = pool;
	c->poolCapacity = capacity;
	return true;
}

// Emit the kept manifolds, those of one contact plane merged (see the file comment): each takes
// the later ones whose normals agree with its own, pools their points and keeps 4 of them.
static void ttEmitMerged( ttMeshCollider* c )
{
	ttTriangleContact* kept = c->kept.data;
	for ( int i = 0; i < c->kept.count; ++i )
	{
		if ( kept[i].triangle < 0 )
		{
			continue; // merged into an earlier one
		}
		ttManifoldGeometry* m = &kept[i].geometry;
		int key = kept[i].triangle;
		int count = m->pointCount;
		bool merged = false;
		for ( int j = i + 1; j < c->kept.count; ++j )
		{
			const ttManifoldGeometry* other = &kept[j].geometry;
			if ( kept[j].triangle < 0 || 1 - ttDot( m->normal, other->normal ) > TT_MERGE_NORMAL )
			{
				continue;
			}
			if ( merged == false )
			{
				if ( ttReservePool( c, count ) == false )
				{
					c->failed = true;
					break;
				}
				memcpy( c->pool, m->points, sizeof( ttContactGeometry ) * (size_t)count );
				merged = true;
			}
			if ( ttReservePool( c, count + other->pointCount ) == false )
			{
				c->failed = true;
				break;
			}
			memcpy( c->pool + count, other->points, sizeof( ttContactGeometry ) * (size_t)other->pointCount );
			count += other->pointCount;
			key = kept[j].triangle < key ? kept[j].triangle : key;
			kept[j].triangle = -1;
		}
		if ( merged )
		{
			count = ttReduceManifoldPoints( c->pool, count, m->normal );
			memcpy( m->points, c->pool, sizeof( ttContactGeometry ) * (size_t)count );
			m->pointCount = count;
		}
		ttEmit( c, m, key );
	}
}

/// Every manifold of a convex shape against a mesh or heightfield (normals from the mesh to the
/// convex shape), one per contact plane, passed to fcn. False when out of memory (some contacts
/// were lost).
static bool ttCollideMesh( const ttShape* meshShape, ttTransform xfMesh, const ttShape* convex, ttTransform xfConvex,
                           ttReal speculative, ttMeshManifoldFcn* fcn, void* context )
{
	// The collider holds a triangle hull (several kB): keep it off the stack of deep callers.
	ttMeshCollider* c = ttAlloc( sizeof( ttMeshCollider ) );
	if ( c == NULL )
	{
		return false;
	}
	*c = ( ttMeshCollider ){ 0 };
	c->mesh = meshShape->mesh;
	c->convex = convex;
	c->local = ttInvMulTransforms( xfMesh, xfConvex );
	if ( ttConvexProxy_Make( &c->proxy, convex, c->local ) == false )
	{
		ttFree( c );
		return true;
	}
	c->meshToWorld = xfMesh;
	c->speculative = speculative;
	c->fcn = fcn;
	c->context = context;
	ttAABB box = ttShape_ComputeAabb( convex, c->local );
	ttVec3 margin = { speculative, speculative, speculative };
	box.lower = ttSub( box.lower, margin );
	box.upper = ttAdd( box.upper, margin );
	ttMesh_Query( c->mesh, box, ttCollideTriangle, c );
	ttSettleGhosts( c );
	ttEmitMerged( c );
	bool ok = c->failed == false;
	ttFree( c->kept.data );
	ttFree( c->ghosts.data );
	ttFree( c->covered );
	ttFree( c->pool );
	ttFree( c );
	return ok;
}

typedef struct ttPairContext
{
	ttWorld* world;
	int shapeA, shapeB; ///< as in the pair
	bool meshIsB;       ///< the manifolds come mesh-first and are flipped
	bool failed;
} ttPairContext;

// Turn one manifold's geometry into solver anchors, as ttUpdateContacts does for convex pairs.
static void ttAddPairManifold( const ttManifoldGeometry* geometry, void* context )
{
	ttPairContext* pc = context;
	if ( pc->failed )
	{
		return;
	}
	ttWorld* world = pc->world;
	ttManifold* m = ttPushManifold( world );
	if ( m == NULL )
	{
		pc->failed = true;
		return;
	}
	const ttShape* shapeA = ttWorld_Shape( world, pc->shapeA );
	const ttShape* shapeB = ttWorld_Shape( world, pc->shapeB );
	const ttBody* bodyA = ttWorld_Body( world, shapeA->bodyIndex );
	const ttBody* bodyB = ttWorld_Body( world, shapeB->bodyIndex );
	m->shapeA = pc->shapeA;
	m->shapeB = pc->shapeB;
	m->key = geometry->key;
	m->bodyA = shapeA->bodyIndex;
	m->bodyB = shapeB->bodyIndex;
	m->normal = pc->meshIsB ? ttNeg( geometry->normal ) : geometry->normal;
	m->localNormal = ttInvRotate( bodyA->q, m->normal );
	m->geometryPosition = TT_VEC3_ZERO; // mesh pairs are never kept (several manifolds a pair)
	m->geometryRotation = TT_QUAT_IDENTITY;
	m->staticFriction = (ttReal)0.5 * ( shapeA->staticFriction + shapeB->staticFriction );
	m->dynamicFriction = (ttReal)0.5 * ( shapeA->dynamicFriction + shapeB->dynamicFriction );
	m->restitution = (ttReal)0.5 * ( shapeA->restitution + shapeB->restitution );
	m->pointCount = geometry->pointCount;
	ttVec3 centerA = ttBody_Center( bodyA );
	ttVec3 centerB = ttBody_Center( bodyB );
	for ( int i = 0; i < geometry->pointCount; ++i )
	{
		const ttContactGeometry* g = geometry->points + i;
		ttContactPoint* cp = m->points + i;
		ttVec3 pointA = pc->meshIsB ? g->pointB : g->pointA;
		ttVec3 pointB = pc->meshIsB ? g->pointA : g->pointB;
		ttVec3 rA = ttSub( pointA, centerA );
		ttVec3 rB = ttSub( pointB, centerB );
		cp->localAnchorA = ttInvRotate( bodyA->q, rA );
		cp->localAnchorB = ttInvRotate( bodyB->q, rB );
		cp->separation = g->separation;
		ttVec3 relative = ttSub( ttBody_PointVelocity( bodyB, rB ), ttBody_PointVelocity( bodyA, rA ) );
		cp->normalVelocityBefore = ttDot( relative, m->normal );
		cp->id = 0; // matched by nearness within the triangle's manifold
		cp->lambdaN = 0;
		cp->frictionImpulse = TT_VEC3_ZERO;
		cp->normalImpulse = 0;
		cp->tangentImpulse = TT_VEC3_ZERO;
		cp->maxNormalImpulse = 0;
	}
}

bool ttCollideMeshPair( ttWorld* world, int pairIndex )
{
	ttPairContext pc = { world, world->pairs[pairIndex].shapeA, world->pairs[pairIndex].shapeB, false, false };
	const ttShape* shapeA = ttWorld_Shape( world, pc.shapeA );
	const ttShape* shapeB = ttWorld_Shape( world, pc.shapeB );
	pc.meshIsB = ttShape_IsMesh( shapeA ) == false;
	const ttShape* mesh = pc.meshIsB ? shapeB : shapeA;
	const ttShape* other = pc.meshIsB ? shapeA : shapeB;
	// Mesh against mesh or plane: both are static scenery, no contacts (docs/collision.md).
	if ( ttShape_IsMesh( other ) || other->type == ttShape_plane )
	{
		return true;
	}
	ttTransform xfMesh = ttShape_SimWorldTransform( ttWorld_Body( world, mesh->bodyIndex ), mesh );
	ttTransform xfOther = ttShape_SimWorldTransform( ttWorld_Body( world, other->bodyIndex ), other );
	if ( ttCollideMesh( mesh, xfMesh, other, xfOther, ttPairSpeculativeDistance( world, pc.shapeA, pc.shapeB ),
	                    ttAddPairManifold, &pc ) == false )
	{
		pc.failed = true;
	}
	if ( pc.failed )
	{
		ttReportError( "ttWorld_Step", "out of memory: some contacts skipped this substep" );
	}
	return pc.failed == false;
}

typedef struct ttCollectContext
{
	ttManifoldGeometry* manifolds;
	int capacity, count;
} ttCollectContext;

static void ttCollectManifold( const ttManifoldGeometry* geometry, void* context )
{
	ttCollectContext* cc = context;
	if ( cc->count < cc->capacity )
	{
		cc->manifolds[cc->count] = *geometry;
	}
	cc->count += 1;
}

int ttCollideMeshShapes( const ttShape* mesh, ttTransform xfMesh, const ttShape* convex, ttTransform xfConvex,
                         ttReal speculative, ttManifoldGeometry* manifolds, int capacity )
{
	ttCollectContext cc = { manifolds, capacity, 0 };
	ttCollideMesh( mesh, xfMesh, convex, xfConvex, speculative, ttCollectManifold, &cc );
	return cc.count;
}
