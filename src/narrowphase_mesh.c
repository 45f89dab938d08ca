// SPDX-License-Identifier: MIT
// Convex shapes against triangle meshes and heightfields. The mid phase walks the mesh's triangle
// tree with the convex shape's box (in the mesh's frame); each triangle it finds is a flat convex
// hull (mesh.h) that goes through the general convex routine (GJK/EPA, face clipping), which
// gives a manifold with that triangle's own normal. A pair therefore yields one manifold per
// touching triangle.
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
#include "core.h"
#include "gjk.h"
#include "mesh.h"
#include "world.h"

// Barycentric weights below this count as zero: the contact is on that edge or vertex.
#define TT_FEATURE_WEIGHT ( (ttReal)1e-4 )
// A normal that leans at most this far (sine of the angle) past an edge's wedge is replaced by
// the face normal rather than dropped: a shape centred over a flat edge or vertex keeps its
// contacts on every side despite rounding, and none of them tilts (a tilted one would push the
// shape off the vertex, slowly but without end).
#define TT_WEDGE_TOLERANCE ( (ttReal)1e-3 )
// Contacts dropped as ghosts that penetrate deeper than this, with no other contact kept for the
// pair, are kept along the face normal instead (ttCollideMesh).
#define TT_GHOST_RESCUE_DEPTH ( (ttReal)0.005 )
// A contact normal this close (1 - cosine) to a face normal of the shape is that face's normal
// (EPA's direction is that precise; clipped manifolds use the face normal itself).
#define TT_FACE_NORMAL_TOLERANCE ( (ttReal)1e-5 )
// A contact normal within about 1 milliradian of the face normal (1 - cosine below this) is
// taken as the face normal.
#define TT_SNAP_NORMAL ( (ttReal)5e-7 )

typedef void ttMeshManifoldFcn( const ttManifoldGeometry* manifold, void* context );

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
	int emitted;            ///< manifolds passed to fcn
	int triangleIndex;      ///< the triangle being collided: the key of its manifold
	int ghostTriangle;      ///< the deepest contact dropped as a ghost, -1 for none
	ttReal ghostSeparation; ///< its separation
	ttVec3 ghostSide;       ///< its face normal, toward the shape's centre
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
static ttReal ttContactExcess( const ttMeshData* mesh, int t, const ttVec3 v[3], ttVec3 p, ttVec3 n )
{
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
	if ( zero == 1 )
	{
		// The edge opposite vertex `last` runs from v[last + 1] to v[last + 2]: edge index last + 1.
		return ttEdgeExcess( mesh, t, ( last + 1 ) % 3, n );
	}
	// Vertex `other`: its edges are `other` (leaving it) and `other + 2` (arriving at it).
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

// Whether n (from the triangle toward the shape, mesh frame) is the outward normal of one of the
// shape's faces turned toward the triangle: a box face, a cylinder cap or a hull face.
static bool ttIsShapeFaceNormal( const ttMeshCollider* c, ttVec3 n )
{
	const ttReal aligned = 1 - TT_FACE_NORMAL_TOLERANCE;
	ttVec3 local = ttInvRotate( c->local.q, ttNeg( n ) ); // the shape's face normal, shape frame
	switch ( c->convex->type )
	{
		case ttShape_box:
			return ttAbs( local.x ) >= aligned || ttAbs( local.y ) >= aligned || ttAbs( local.z ) >= aligned;
		case ttShape_cylinder:
			return ttAbs( local.y ) >= aligned;
		case ttShape_hull:
		{
			const ttHullData* hull = c->convex->hull;
			for ( int f = 0; f < hull->faceCount; ++f )
			{
				if ( ttDot( hull->faces[f].normal, local ) >= aligned )
				{
					return true;
				}
			}
			return false;
		}
		default:
			return false; // spheres and capsules: every normal comes from the triangle's feature
	}
}

// The point of triangle v nearest to p, by the Voronoi regions of its vertices, edges and face.
static ttVec3 ttClosestOnTriangle( const ttVec3 v[3], ttVec3 p )
{
	ttVec3 ab = ttSub( v[1], v[0] ), ac = ttSub( v[2], v[0] ), ap = ttSub( p, v[0] );
	ttReal d1 = ttDot( ab, ap ), d2 = ttDot( ac, ap );
	if ( d1 <= 0 && d2 <= 0 )
	{
		return v[0];
	}
	ttVec3 bp = ttSub( p, v[1] );
	ttReal d3 = ttDot( ab, bp ), d4 = ttDot( ac, bp );
	if ( d3 >= 0 && d4 <= d3 )
	{
		return v[1];
	}
	ttVec3 cp = ttSub( p, v[2] );
	ttReal d5 = ttDot( ab, cp ), d6 = ttDot( ac, cp );
	if ( d6 >= 0 && d5 <= d6 )
	{
		return v[2];
	}
	// Edge regions: the barycentric weight of the opposite vertex is <= 0 there.
	ttReal wc = d1 * d4 - d3 * d2;
	if ( wc <= 0 && d1 >= 0 && d3 <= 0 )
	{
		return ttMulAdd( v[0], d1 / ( d1 - d3 ), ab );
	}
	ttReal wb = d5 * d2 - d1 * d6;
	if ( wb <= 0 && d2 >= 0 && d6 <= 0 )
	{
		return ttMulAdd( v[0], d2 / ( d2 - d6 ), ac );
	}
	ttReal wa = d3 * d6 - d5 * d4;
	if ( wa <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0 )
	{
		return ttMulAdd( v[1], ( d4 - d3 ) / ( ( d4 - d3 ) + ( d5 - d6 ) ), ttSub( v[2], v[1] ) );
	}
	ttReal sum = wa + wb + wc;
	return ttAdd( v[0], ttAdd( ttScale( wb / sum, ab ), ttScale( wc / sum, ac ) ) );
}

// Pass a manifold (mesh frame) on in world coordinates.
static void ttEmit( ttMeshCollider* c, ttManifoldGeometry* m )
{
	ttTransform xf = c->meshToWorld;
	m->normal = ttRotate( xf.q, m->normal );
	for ( int i = 0; i < m->pointCount; ++i )
	{
		m->points[i].pointA = ttTransformPoint( xf, m->points[i].pointA );
		m->points[i].pointB = ttTransformPoint( xf, m->points[i].pointB );
	}
	c->emitted += 1;
	m->key = c->triangleIndex;
	c->fcn( m, c->context );
}

static bool ttCollideTriangle( int t, void* context )
{
	ttMeshCollider* c = context;
	c->triangleIndex = t;
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
		ttVec3 q = ttClosestOnTriangle( v, center );
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
			ttReal excess = ttContactExcess( c->mesh, t, v, m.points[deepest].pointA, m.normal );
			if ( excess > 0 && ttIsShapeFaceNormal( c, m.normal ) )
			{
				// The normal is a face of the shape, which the triangle's edge or vertex touches: the
				// edge's wedge does not apply (a box face landing tilted on a peak of the terrain).
			}
			else if ( excess > TT_WEDGE_TOLERANCE )
			{
				// A ghost: the neighbour's face carries this contact. Remember the deepest one in
				// case no triangle keeps a contact (see ttCollideMesh).
				if ( m.points[deepest].separation < c->ghostSeparation )
				{
					c->ghostTriangle = t;
					c->ghostSeparation = m.points[deepest].separation;
					c->ghostSide =
					    ttDot( faceNormal, ttSub( c->local.p, v[0] ) ) >= 0 ? faceNormal : ttNeg( faceNormal );
				}
				return true;
			}
			else if ( excess > 0 && ttCollideAlongFace( c, v, side, &m ) == false )
			{
				return true;
			}
		}
	}
	ttEmit( c, &m );
	return true;
}

/// Every manifold of a convex shape against a mesh or heightfield (normals from the mesh to the
/// convex shape), one per touching triangle, passed to fcn.
static void ttCollideMesh( const ttShape* meshShape, ttTransform xfMesh, const ttShape* convex, ttTransform xfConvex,
                           ttReal speculative, ttMeshManifoldFcn* fcn, void* context )
{
	// The collider holds a triangle hull (several kB): keep it off the stack of deep callers.
	ttMeshCollider* c = ttAlloc( sizeof( ttMeshCollider ) );
	if ( c == NULL )
	{
		return;
	}
	c->mesh = meshShape->mesh;
	c->convex = convex;
	c->local = ttInvMulTransforms( xfMesh, xfConvex );
	if ( ttConvexProxy_Make( &c->proxy, convex, c->local ) == false )
	{
		ttFree( c );
		return;
	}
	c->meshToWorld = xfMesh;
	c->speculative = speculative;
	c->fcn = fcn;
	c->context = context;
	ttAABB box = ttShape_ComputeAabb( convex, c->local );
	ttVec3 margin = { speculative, speculative, speculative };
	box.lower = ttSub( box.lower, margin );
	box.upper = ttAdd( box.upper, margin );
	c->emitted = 0;
	c->ghostTriangle = -1;
	c->ghostSeparation = 0;
	ttMesh_Query( c->mesh, box, ttCollideTriangle, c );
	// A safety net: a shape sunk into the mesh whose every contact looked like a ghost (EPA's way
	// out of a deep overlap can run sideways past an edge's wedge) would fall through. It gets the
	// face contact of the triangle it penetrates most.
	if ( c->emitted == 0 && c->ghostTriangle >= 0 && c->ghostSeparation < -TT_GHOST_RESCUE_DEPTH )
	{
		ttVec3 v[3];
		ttMesh_GetTriangle( c->mesh, c->ghostTriangle, v );
		c->triangleIndex = c->ghostTriangle;
		ttManifoldGeometry m;
		if ( ttCollideAlongFace( c, v, c->ghostSide, &m ) )
		{
			ttEmit( c, &m );
		}
	}
	ttFree( c );
}

typedef struct ttPairContext
{
	ttWorld* world;
	int shapeA, shapeB; ///< as in the pair
	bool meshIsB;       ///< the manifolds come mesh-first and are flipped
	bool failed;
} ttPairContext;

static ttManifold* ttPushMeshManifold( ttWorld* world )
{
	if ( world->manifoldCount == world->manifoldCapacity )
	{
		int capacity = world->manifoldCapacity < 64 ? 64 : 2 * world->manifoldCapacity;
		ttManifold* manifolds = ttGrow( world->manifolds, sizeof( ttManifold ) * (size_t)world->manifoldCapacity,
		                                sizeof( ttManifold ) * (size_t)capacity );
		if ( manifolds == NULL )
		{
			return NULL;
		}
		world->manifolds = manifolds;
		world->manifoldCapacity = capacity;
	}
	return world->manifolds + world->manifoldCount++;
}

// Turn one manifold's geometry into solver anchors, as ttUpdateContacts does for convex pairs.
static void ttAddPairManifold( const ttManifoldGeometry* geometry, void* context )
{
	ttPairContext* pc = context;
	if ( pc->failed )
	{
		return;
	}
	ttWorld* world = pc->world;
	ttManifold* m = ttPushMeshManifold( world );
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
	ttCollideMesh( mesh, xfMesh, other, xfOther, ttPairSpeculativeDistance( world, pc.shapeA, pc.shapeB ),
	               ttAddPairManifold, &pc );
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
