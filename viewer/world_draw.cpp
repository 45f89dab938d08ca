// SPDX-License-Identifier: MIT
#include "world_draw.h"

#include "hull_mesh.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <utility>

static const int kMaxShapes = 64;
static const Vec3f kGroundColor = { 0.78f, 0.76f, 0.72f };

Vec3f BodyColor( int index, ttBodyType type )
{
	if ( type == ttBody_static )
	{
		return { 0.55f, 0.55f, 0.52f };
	}
	if ( type == ttBody_kinematic )
	{
		return { 0.35f, 0.38f, 0.45f };
	}
	// Saturated but not garish; neighbours in creation order get different colours.
	static const Vec3f palette[] = { { 0.86f, 0.26f, 0.22f }, { 0.20f, 0.50f, 0.85f }, { 0.95f, 0.70f, 0.15f },
	                                 { 0.25f, 0.70f, 0.35f }, { 0.60f, 0.35f, 0.80f }, { 0.95f, 0.50f, 0.20f },
	                                 { 0.20f, 0.70f, 0.70f }, { 0.85f, 0.40f, 0.60f } };
	return palette[index % (int)( sizeof( palette ) / sizeof( palette[0] ) )];
}

static std::vector<ttBodyId> AllBodies( ttWorldId worldId )
{
	std::vector<ttBodyId> bodies( (size_t)ttWorld_GetBodyCount( worldId ) );
	int count = ttWorld_GetBodies( worldId, bodies.data(), (int)bodies.size() );
	bodies.resize( (size_t)count );
	return bodies;
}

// Bounds of the finite shapes (planes left out) of the bodies asked for, and a ball per shape.
static bool ShapeBounds( ttWorldId worldId, bool movingOnly, bool awakeOnly, Vec3f* lower, Vec3f* upper,
                         std::vector<FitSphere>* spheres )
{
	*lower = { 1e30f, 1e30f, 1e30f };
	*upper = { -1e30f, -1e30f, -1e30f };
	bool any = false;
	for ( ttBodyId body : AllBodies( worldId ) )
	{
		ttBodyType type = ttBody_GetType( body );
		if ( ( movingOnly && type == ttBody_static ) || ( awakeOnly && ttBody_IsAwake( body ) == false ) )
		{
			continue;
		}
		ttShapeId shapes[kMaxShapes];
		int count = ttBody_GetShapes( body, shapes, kMaxShapes );
		for ( int i = 0; i < count; ++i )
		{
			if ( ttShape_GetType( shapes[i] ) == ttShape_plane )
			{
				continue;
			}
			ttAABB box = ttShape_GetAABB( shapes[i] );
			Vec3f lo = V3( box.lower ), hi = V3( box.upper );
			*lower = { std::fmin( lower->x, lo.x ), std::fmin( lower->y, lo.y ), std::fmin( lower->z, lo.z ) };
			*upper = { std::fmax( upper->x, hi.x ), std::fmax( upper->y, hi.y ), std::fmax( upper->z, hi.z ) };
			any = true;
			if ( spheres != nullptr )
			{
				Vec3f size = hi - lo;
				spheres->push_back( { ( lo + hi ) * 0.5f, 0.5f * std::fmax( size.x, std::fmax( size.y, size.z ) ) } );
			}
		}
	}
	return any;
}

bool AllBounds( ttWorldId worldId, Vec3f* lower, Vec3f* upper, std::vector<FitSphere>* spheres )
{
	return ShapeBounds( worldId, false, false, lower, upper, spheres );
}

bool MovingBounds( ttWorldId worldId, bool awakeOnly, Vec3f* lower, Vec3f* upper, std::vector<FitSphere>* spheres )
{
	if ( ShapeBounds( worldId, true, awakeOnly, lower, upper, spheres ) == false )
	{
		return false;
	}
	// The world anchors of the joints that hold these bodies: a pendulum is seen with its pivot.
	std::vector<ttJointId> joints( (size_t)ttWorld_GetJointCount( worldId ) );
	int count = joints.empty() ? 0 : ttWorld_GetJoints( worldId, joints.data(), (int)joints.size() );
	for ( int i = 0; i < count; ++i )
	{
		for ( int side = 0; side < 2; ++side )
		{
			ttJointId joint = joints[(size_t)i];
			ttBodyId world = side == 0 ? ttJoint_GetBodyA( joint ) : ttJoint_GetBodyB( joint );
			ttBodyId held = side == 0 ? ttJoint_GetBodyB( joint ) : ttJoint_GetBodyA( joint );
			bool isWorld = ttBody_IsValid( world ) == false || ttBody_GetType( world ) == ttBody_static;
			if ( isWorld == false || ttBody_IsValid( held ) == false || ttBody_GetType( held ) == ttBody_static ||
			     ( awakeOnly && ttBody_IsAwake( held ) == false ) )
			{
				continue;
			}
			Vec3f p = V3( side == 0 ? ttJoint_GetAnchorA( joint ) : ttJoint_GetAnchorB( joint ) );
			*lower = { std::fmin( lower->x, p.x ), std::fmin( lower->y, p.y ), std::fmin( lower->z, p.z ) };
			*upper = { std::fmax( upper->x, p.x ), std::fmax( upper->y, p.y ), std::fmax( upper->z, p.z ) };
			if ( spheres != nullptr )
			{
				spheres->push_back( { p, 0 } );
			}
		}
	}
	return true;
}

// How low the bodies hanging from world anchors can swing: a body joined (through other joints)
// to world anchors stays within the distance of its corners from the nearest of them, so it
// reaches no lower than that anchor's height minus that distance.
static float LowestSwing( ttWorldId worldId, const std::vector<ttBodyId>& bodies )
{
	// Bodies joined by joints between moving bodies, by union-find over body slots.
	std::map<int32_t, int32_t> parent;
	auto root = [&]( int32_t key )
	{
		while ( parent.count( key ) != 0 && parent[key] != key )
		{
			key = parent[key];
		}
		return key;
	};
	auto moving = []( ttBodyId body ) { return ttBody_IsValid( body ) && ttBody_GetType( body ) != ttBody_static; };
	for ( ttBodyId body : bodies )
	{
		parent[body.index1] = body.index1;
	}
	std::vector<ttJointId> joints( (size_t)ttWorld_GetJointCount( worldId ) );
	int count = joints.empty() ? 0 : ttWorld_GetJoints( worldId, joints.data(), (int)joints.size() );
	std::vector<std::pair<int32_t, Vec3f>> anchors; // (component, world anchor)
	for ( int i = 0; i < count; ++i )
	{
		ttJointId joint = joints[(size_t)i];
		ttBodyId a = ttJoint_GetBodyA( joint ), b = ttJoint_GetBodyB( joint );
		if ( moving( a ) && moving( b ) )
		{
			parent[root( a.index1 )] = root( b.index1 );
		}
	}
	for ( int i = 0; i < count; ++i )
	{
		ttJointId joint = joints[(size_t)i];
		ttBodyId a = ttJoint_GetBodyA( joint ), b = ttJoint_GetBodyB( joint );
		if ( moving( a ) != moving( b ) )
		{
			ttBodyId held = moving( a ) ? a : b;
			anchors.push_back(
			    { held.index1, V3( moving( a ) ? ttJoint_GetAnchorB( joint ) : ttJoint_GetAnchorA( joint ) ) } );
		}
	}
	float lowest = 1e30f;
	for ( auto& anchor : anchors )
	{
		anchor.first = root( anchor.first );
	}
	for ( ttBodyId body : bodies )
	{
		if ( moving( body ) == false )
		{
			continue;
		}
		int32_t component = root( body.index1 );
		ttShapeId shapes[kMaxShapes];
		int shapeCount = ttBody_GetShapes( body, shapes, kMaxShapes );
		for ( int s = 0; s < shapeCount; ++s )
		{
			ttAABB box = ttShape_GetAABB( shapes[s] );
			for ( int k = 0; k < 8; ++k )
			{
				Vec3f corner = { (float)( ( k & 1 ) ? box.upper.x : box.lower.x ),
				                 (float)( ( k & 2 ) ? box.upper.y : box.lower.y ),
				                 (float)( ( k & 4 ) ? box.upper.z : box.lower.z ) };
				float nearest = 1e30f, low = 1e30f;
				for ( const auto& anchor : anchors )
				{
					float d = Length( corner - anchor.second );
					if ( anchor.first == component && d < nearest )
					{
						nearest = d;
						low = anchor.second.y - d;
					}
				}
				lowest = std::fmin( lowest, low );
			}
		}
	}
	return lowest;
}

void PlaceGround( ttWorldId worldId, DebugDrawOptions* options )
{
	Vec3f lower, upper;
	if ( ShapeBounds( worldId, false, false, &lower, &upper, nullptr ) == false )
	{
		lower = { -1, 0, -1 };
		upper = { 1, 1, 1 };
	}
	Vec3f movingLower, movingUpper;
	float size = Length( upper - lower );
	if ( MovingBounds( worldId, false, &movingLower, &movingUpper, nullptr ) )
	{
		size = Length( movingUpper - movingLower ); // a 100 m ground box is not the scene's size
	}
	size = size > 0.05f ? size : 0.05f;
	// A hair below the lowest shape, or below where hanging bodies can swing.
	float lowest = std::fmin( lower.y, LowestSwing( worldId, AllBodies( worldId ) ) );
	options->groundHeight = lowest - 0.01f * size;
	options->gridSpacing = std::pow( 10.0f, std::floor( std::log10( 0.25f * size ) ) );
	options->groundExtent = std::fmax( 60.0f, 20 * size );
}

static Vec3f Lighter( Vec3f c )
{
	return c * 0.5f + Vec3f{ 0.5f, 0.5f, 0.5f };
}

// Sleeping bodies: the body's colour mostly drained to its grey and pulled toward a cold slate
// blue, so that they read as switched off next to the saturated awake palette.
static Vec3f SleepingTint( Vec3f c )
{
	float grey = 0.30f * c.x + 0.59f * c.y + 0.11f * c.z;
	return c * 0.15f + Vec3f{ grey, grey, grey } * 0.45f + Vec3f{ 0.12f, 0.15f, 0.25f };
}

// A square of the plane around the point of the plane nearest the origin, big enough to look
// endless from the framed view.
static void AddPlane( Renderer& renderer, const Mat4f& frame, ttPlane plane, Vec3f color, float extent )
{
	Vec3f n = V3( plane.normal );
	float length2 = Dot( n, n );
	if ( length2 <= 0 )
	{
		return;
	}
	Vec3f point = n * ( (float)plane.offset / length2 );
	Vec3f a = TransformPoint( frame, point );
	Vec3f b = TransformPoint( frame, point + n );
	Vec3f y = Normalize( b - a );
	Vec3f helper = std::fabs( y.x ) < 0.9f ? Vec3f{ 1, 0, 0 } : Vec3f{ 0, 0, 1 };
	Vec3f x = Normalize( Cross( y, helper ) );
	Vec3f z = Cross( x, y );
	Mat4f m = Identity4();
	float columns[3][3] = { { x.x, x.y, x.z }, { y.x, y.y, y.z }, { z.x, z.y, z.z } };
	for ( int c = 0; c < 3; ++c )
	{
		for ( int r = 0; r < 3; ++r )
		{
			m.m[c * 4 + r] = columns[c][r] * ( c == 1 ? 1.0f : extent );
		}
	}
	m.m[12] = a.x;
	m.m[13] = a.y;
	m.m[14] = a.z;
	renderer.AddMesh( Mesh_ground, m, color );
}

static void AddShape( Renderer& renderer, ttShapeId shape, const Mat4f& bodyFrame, Vec3f color, float groundExtent,
                      bool drawPlanes )
{
	Mat4f frame = Multiply( bodyFrame, TransformMatrix( ttShape_GetLocalTransform( shape ), { 1, 1, 1 } ) );
	switch ( ttShape_GetType( shape ) )
	{
		case ttShape_sphere:
		{
			float r = (float)ttShape_GetSphere( shape ).radius;
			Mat4f scale = Identity4();
			scale.m[0] = scale.m[5] = scale.m[10] = r;
			renderer.AddMesh( Mesh_sphere, Multiply( frame, scale ), color );
			break;
		}
		case ttShape_box:
		{
			Vec3f h = V3( ttShape_GetBox( shape ).halfExtents );
			Mat4f scale = Identity4();
			scale.m[0] = h.x;
			scale.m[5] = h.y;
			scale.m[10] = h.z;
			renderer.AddMesh( Mesh_box, Multiply( frame, scale ), color );
			break;
		}
		case ttShape_capsule:
		{
			ttCapsule capsule = ttShape_GetCapsule( shape );
			float r = (float)capsule.radius;
			Vec3f a = TransformPoint( frame, V3( capsule.center1 ) );
			Vec3f b = TransformPoint( frame, V3( capsule.center2 ) );
			renderer.AddMesh( Mesh_cylinder, AlignYMatrix( a, b, r ), color );
			for ( Vec3f end : { a, b } )
			{
				Mat4f m = Identity4();
				m.m[0] = m.m[5] = m.m[10] = r;
				m.m[12] = end.x;
				m.m[13] = end.y;
				m.m[14] = end.z;
				renderer.AddMesh( Mesh_sphere, m, color );
			}
			break;
		}
		case ttShape_cylinder:
		{
			// A tube along the frame's y axis closed by two discs (the lower one mirrored).
			ttCylinder cylinder = ttShape_GetCylinder( shape );
			float r = (float)cylinder.radius, h = (float)cylinder.halfHeight;
			Mat4f tube = Identity4();
			tube.m[0] = tube.m[10] = r;
			tube.m[5] = h;
			renderer.AddMesh( Mesh_cylinder, Multiply( frame, tube ), color );
			for ( float side : { 1.0f, -1.0f } )
			{
				Mat4f cap = Identity4();
				cap.m[0] = cap.m[10] = r;
				cap.m[5] = side;
				cap.m[13] = side * h;
				renderer.AddMesh( Mesh_disc, Multiply( frame, cap ), color );
			}
			break;
		}
		case ttShape_plane:
			if ( drawPlanes )
				AddPlane( renderer, frame, ttShape_GetPlane( shape ), kGroundColor, groundExtent );
			break;
		case ttShape_curve:
		{
			// The sampled curve as the library stores it: a tube of cylinders with a ball at
			// every joint, so bends look round.
			int count = ttShape_GetCurvePoints( shape, nullptr, 0 );
			std::vector<ttVec3> local( (size_t)count );
			ttShape_GetCurvePoints( shape, local.data(), count );
			float r = (float)ttShape_GetCurveRadius( shape );
			for ( int i = 0; i < count; ++i )
			{
				Vec3f b = TransformPoint( frame, V3( local[(size_t)i] ) );
				if ( i > 0 )
				{
					Vec3f a = TransformPoint( frame, V3( local[(size_t)i - 1] ) );
					renderer.AddMesh( Mesh_cylinder, AlignYMatrix( a, b, r ), color );
				}
				Mat4f m = Identity4();
				m.m[0] = m.m[5] = m.m[10] = r;
				m.m[12] = b.x;
				m.m[13] = b.y;
				m.m[14] = b.z;
				renderer.AddMesh( Mesh_sphere, m, color );
			}
			break;
		}
		case ttShape_hull:
		{
			const std::vector<Vec3f>& local = CachedHullTriangles( shape );
			std::vector<Vec3f> corners( local.size() );
			for ( size_t i = 0; i < local.size(); ++i )
			{
				corners[i] = TransformPoint( frame, local[i] );
			}
			renderer.AddTriangles( corners.data(), (int)( corners.size() / 3 ), color );
			break;
		}
		case ttShape_mesh:
		case ttShape_heightfield:
		{
			// The triangles as the library stores them, moved to the shape's world pose each frame.
			int count = ttShape_GetTriangleCount( shape );
			std::vector<ttVec3> local( 3 * (size_t)count );
			ttShape_GetTriangles( shape, local.data(), count );
			std::vector<Vec3f> corners( local.size() );
			for ( size_t i = 0; i < local.size(); ++i )
			{
				corners[i] = TransformPoint( frame, V3( local[i] ) );
			}
			renderer.AddTriangles( corners.data(), count, color );
			break;
		}
		default:
			break;
	}
}

static void AddBoxLines( Renderer& renderer, Vec3f lo, Vec3f hi, Vec3f color )
{
	for ( int axis = 0; axis < 3; ++axis )
	{
		for ( int k = 0; k < 4; ++k )
		{
			float a[3] = { lo.x, lo.y, lo.z }, b[3] = { hi.x, hi.y, hi.z };
			int u = ( axis + 1 ) % 3, v = ( axis + 2 ) % 3;
			float pu = ( k & 1 ) ? b[u] : a[u], pv = ( k & 2 ) ? b[v] : a[v];
			float p[3], q[3];
			p[axis] = a[axis];
			q[axis] = b[axis];
			p[u] = q[u] = pu;
			p[v] = q[v] = pv;
			renderer.AddLine( { p[0], p[1], p[2] }, { q[0], q[1], q[2] }, color );
		}
	}
}

// The three axes of a joint frame: x (the joint axis) red, y green, z blue.
static void AddAxes( Renderer& renderer, ttTransform frame, float size )
{
	static const Vec3f colors[3] = { { 1, 0.2f, 0.2f }, { 0.2f, 1, 0.2f }, { 0.3f, 0.4f, 1 } };
	for ( int axis = 0; axis < 3; ++axis )
	{
		ttVec3 local = { 0, 0, 0 };
		( &local.x )[axis] = 1;
		Vec3f origin = V3( frame.p );
		renderer.AddLine( origin, origin + V3( ttRotate( frame.q, local ) ) * size, colors[axis] );
	}
}

static void AddContacts( Renderer& renderer, ttWorldId worldId )
{
	std::vector<ttContactData> contacts( (size_t)ttWorld_GetContactCount( worldId ) );
	if ( contacts.empty() )
	{
		return; // the library rejects a null array, which an empty vector may give
	}
	int count = ttWorld_GetContactData( worldId, contacts.data(), (int)contacts.size() );
	for ( int i = 0; i < count; ++i )
	{
		Vec3f p = V3( contacts[(size_t)i].point ), n = V3( contacts[(size_t)i].normal );
		const float s = 0.03f;
		renderer.AddLine( p - Vec3f{ s, 0, 0 }, p + Vec3f{ s, 0, 0 }, { 1, 0.1f, 0.1f } );
		renderer.AddLine( p - Vec3f{ 0, s, 0 }, p + Vec3f{ 0, s, 0 }, { 1, 0.1f, 0.1f } );
		renderer.AddLine( p - Vec3f{ 0, 0, s }, p + Vec3f{ 0, 0, s }, { 1, 0.1f, 0.1f } );
		// Normals 0.1 m plus 1 cm per 10 N, so the loaded contacts of a stack stand out.
		float length = 0.1f + 0.001f * (float)contacts[(size_t)i].normalForce;
		length = length > 1.0f ? 1.0f : length;
		renderer.AddLine( p, p + n * length, { 1, 0.9f, 0.1f } );
	}
}

static void AddJoints( Renderer& renderer, ttWorldId worldId, const DebugDrawOptions& options,
                       std::vector<WorldLabel>* labels )
{
	std::vector<ttJointId> joints( (size_t)ttWorld_GetJointCount( worldId ) );
	int count = ttWorld_GetJoints( worldId, joints.data(), (int)joints.size() );
	for ( int i = 0; i < count; ++i )
	{
		ttJointId joint = joints[(size_t)i];
		Vec3f a = V3( ttJoint_GetAnchorA( joint ) ), b = V3( ttJoint_GetAnchorB( joint ) );
		if ( options.jointFrames )
		{
			AddAxes( renderer, ttJoint_GetFrameA( joint ), 0.15f );
			AddAxes( renderer, ttJoint_GetFrameB( joint ), 0.1f );
			renderer.AddLine( a, b, { 1, 1, 1 } );
		}
		if ( options.jointLabels && labels != nullptr )
		{
			char text[96];
			snprintf( text, sizeof( text ), "F %.3g N  T %.3g N m  d %.3g m",
			          (double)Length( V3( ttJoint_GetConstraintForce( joint ) ) ),
			          (double)Length( V3( ttJoint_GetConstraintTorque( joint ) ) ), (double)Length( b - a ) );
			labels->push_back( { b, text } );
		}
	}
}

static const Vec3f kRodColor = { 0.30f, 0.30f, 0.33f };
static const Vec3f kMountColor = { 0.18f, 0.18f, 0.20f };

static bool IsWorld( ttBodyId body )
{
	return ttBody_IsValid( body ) == false || ttBody_GetType( body ) == ttBody_static;
}

static void AddRod( Renderer& renderer, Vec3f a, Vec3f b, float radius )
{
	if ( Length( b - a ) > radius )
	{
		renderer.AddMesh( Mesh_cylinder, AlignYMatrix( a, b, radius ), kRodColor );
	}
}

// Rods thin beside the body they hold: a twentieth of its size, between 2 mm and 3 cm.
static float RodRadius( ttBodyId body )
{
	ttShapeId shapes[kMaxShapes];
	int count = ttBody_IsValid( body ) ? ttBody_GetShapes( body, shapes, kMaxShapes ) : 0;
	float size = 0;
	for ( int i = 0; i < count; ++i )
	{
		if ( ttShape_GetType( shapes[i] ) != ttShape_plane )
		{
			ttAABB box = ttShape_GetAABB( shapes[i] );
			size = std::fmax( size, 0.5f * Length( V3( box.upper ) - V3( box.lower ) ) );
		}
	}
	float radius = 0.05f * size;
	return radius < 0.002f ? 0.002f : ( radius > 0.03f ? 0.03f : radius );
}

// Strings and rods: what a joint holds a body by. A joint to the static world gets a dark mount at
// its world anchor and a rod from there to the other anchor and on to the body's origin (a
// pendulum bob hinged 1 m from its centre hangs from a visible arm); anchors that are apart (a
// distance joint, a spring) get a rod between them.
static void AddJointRods( Renderer& renderer, ttWorldId worldId )
{
	std::vector<ttJointId> joints( (size_t)ttWorld_GetJointCount( worldId ) );
	int count = joints.empty() ? 0 : ttWorld_GetJoints( worldId, joints.data(), (int)joints.size() );
	for ( int i = 0; i < count; ++i )
	{
		ttJointId joint = joints[(size_t)i];
		ttBodyId bodyA = ttJoint_GetBodyA( joint ), bodyB = ttJoint_GetBodyB( joint );
		Vec3f a = V3( ttJoint_GetAnchorA( joint ) ), b = V3( ttJoint_GetAnchorB( joint ) );
		bool worldA = IsWorld( bodyA ), worldB = IsWorld( bodyB );
		if ( worldA && worldB )
		{
			continue;
		}
		if ( worldB )
		{
			// The world on side A from here on.
			std::swap( bodyA, bodyB );
			std::swap( a, b );
			worldA = true;
		}
		float radius = RodRadius( bodyB );
		if ( worldA == false )
		{
			AddRod( renderer, a, b, std::fmin( radius, RodRadius( bodyA ) ) );
			continue;
		}
		Mat4f mount = Identity4();
		mount.m[0] = mount.m[5] = mount.m[10] = 2.5f * radius;
		mount.m[12] = a.x;
		mount.m[13] = a.y;
		mount.m[14] = a.z;
		renderer.AddMesh( Mesh_box, mount, kMountColor );
		AddRod( renderer, a, b, radius );
		AddRod( renderer, b, V3( ttBody_GetPosition( bodyB ) ), radius );
	}
}

static const Vec3f kLimitColor = { 1, 0.55f, 0.1f };
static const Vec3f kCurrentColor = { 1, 1, 1 };

static Vec3f ArcPoint( Vec3f center, Vec3f u, Vec3f v, float radius, float angle )
{
	return center + ( u * std::cos( angle ) + v * std::sin( angle ) ) * radius;
}

// The arc from angle lower to upper in the plane of the unit vectors u, v (angle 0 along u,
// positive toward v), as segments of at most 5 degrees; closed with radii when it is not a circle.
static void AddArc( Renderer& renderer, Vec3f center, Vec3f u, Vec3f v, float radius, float lower, float upper,
                    Vec3f color )
{
	const float pi = 3.14159265f;
	int segments = 1 + (int)( ( upper - lower ) / ( 5 * pi / 180 ) );
	Vec3f previous = ArcPoint( center, u, v, radius, lower );
	for ( int i = 1; i <= segments; ++i )
	{
		Vec3f next = ArcPoint( center, u, v, radius, lower + ( upper - lower ) * (float)i / (float)segments );
		renderer.AddLine( previous, next, color );
		previous = next;
	}
	if ( upper - lower < 2 * pi - 1e-3f )
	{
		renderer.AddLine( center, ArcPoint( center, u, v, radius, lower ), color );
		renderer.AddLine( center, ArcPoint( center, u, v, radius, upper ), color );
	}
}

struct FrameAxes
{
	Vec3f origin, x, y, z;
};

static FrameAxes Axes( ttTransform frame )
{
	return { V3( frame.p ), V3( ttRotate( frame.q, ttVec3{ 1, 0, 0 } ) ), V3( ttRotate( frame.q, ttVec3{ 0, 1, 0 } ) ),
	         V3( ttRotate( frame.q, ttVec3{ 0, 0, 1 } ) ) };
}

// Hinge: the angle is B's y axis measured from A's y axis about A's x axis (positive toward A's
// z axis), so the allowed range is an arc in A's y-z plane and the current angle a radius of it.
static void AddHingeLimits( Renderer& renderer, ttJointId joint, float radius )
{
	bool enabled = false;
	ttReal lower = 0, upper = 0;
	ttHingeJoint_GetLimits( joint, &enabled, &lower, &upper );
	FrameAxes a = Axes( ttJoint_GetFrameA( joint ) );
	if ( enabled )
	{
		AddArc( renderer, a.origin, a.y, a.z, radius, (float)lower, (float)upper, kLimitColor );
	}
	else
	{
		AddArc( renderer, a.origin, a.y, a.z, radius, -3.14159265f, 3.14159265f, kLimitColor * 0.5f );
	}
	float angle = (float)ttHingeJoint_GetAngle( joint );
	renderer.AddLine( a.origin, ArcPoint( a.origin, a.y, a.z, 1.2f * radius, angle ), kCurrentColor );
}

// Spherical: the swing cone about A's x axis and B's x axis inside it; the twist range is measured
// about the bisector n of the two x axes, from A's y axis projected normal to n (eqs. 22-24), so
// it is drawn there, with B's projected y axis as the current twist.
static void AddSphericalLimits( Renderer& renderer, ttJointId joint, float radius )
{
	bool swingEnabled = false, twistEnabled = false;
	ttReal maxSwing = 0, lowerTwist = 0, upperTwist = 0;
	ttSphericalJoint_GetLimits( joint, &swingEnabled, &maxSwing, &twistEnabled, &lowerTwist, &upperTwist );
	FrameAxes a = Axes( ttJoint_GetFrameA( joint ) );
	FrameAxes b = Axes( ttJoint_GetFrameB( joint ) );
	const float pi = 3.14159265f;
	if ( swingEnabled )
	{
		float s = (float)maxSwing;
		Vec3f rimCenter = a.origin + a.x * ( radius * std::cos( s ) );
		float rimRadius = radius * std::sin( s );
		AddArc( renderer, rimCenter, a.y, a.z, rimRadius, -pi, pi, kLimitColor );
		for ( int k = 0; k < 8; ++k )
		{
			renderer.AddLine( a.origin, ArcPoint( rimCenter, a.y, a.z, rimRadius, (float)k * pi / 4 ), kLimitColor );
		}
	}
	renderer.AddLine( a.origin, a.origin + b.x * ( 1.2f * radius ), kCurrentColor );
	Vec3f bisector = a.x + b.x;
	if ( twistEnabled == false || Length( bisector ) < 1e-4f )
	{
		return; // no range to draw, or swung by 180 degrees where the twist is undefined
	}
	Vec3f n = Normalize( bisector );
	Vec3f u = Normalize( a.y - n * Dot( n, a.y ) );
	Vec3f v = Cross( n, u );
	Vec3f yB = Normalize( b.y - n * Dot( n, b.y ) );
	float twistRadius = 0.6f * radius;
	AddArc( renderer, a.origin, u, v, twistRadius, (float)lowerTwist, (float)upperTwist, kLimitColor );
	renderer.AddLine( a.origin, a.origin + yB * ( 1.2f * twistRadius ), kCurrentColor );
}

// Prismatic: the range of B's anchor along A's x axis, with end ticks, and the current offset as
// a cross. Unbounded ends (the defaults are +-TT_HUGE) are cut at 10 m.
static void AddPrismaticLimits( Renderer& renderer, ttJointId joint, float radius )
{
	bool enabled = false;
	ttReal lower = 0, upper = 0;
	ttPrismaticJoint_GetLimits( joint, &enabled, &lower, &upper );
	FrameAxes a = Axes( ttJoint_GetFrameA( joint ) );
	float tick = 0.25f * radius;
	if ( enabled )
	{
		float lo = std::fmax( (float)lower, -10.0f ), hi = std::fmin( (float)upper, 10.0f );
		Vec3f p = a.origin + a.x * lo, q = a.origin + a.x * hi;
		renderer.AddLine( p, q, kLimitColor );
		for ( Vec3f end : { p, q } )
		{
			renderer.AddLine( end - a.y * tick, end + a.y * tick, kLimitColor );
			renderer.AddLine( end - a.z * tick, end + a.z * tick, kLimitColor );
		}
	}
	Vec3f c = a.origin + a.x * (float)ttPrismaticJoint_GetTranslation( joint );
	renderer.AddLine( c - a.y * tick * 0.6f, c + a.y * tick * 0.6f, kCurrentColor );
	renderer.AddLine( c - a.z * tick * 0.6f, c + a.z * tick * 0.6f, kCurrentColor );
}

static void AddJointLimits( Renderer& renderer, ttWorldId worldId, float size )
{
	std::vector<ttJointId> joints( (size_t)ttWorld_GetJointCount( worldId ) );
	int count = joints.empty() ? 0 : ttWorld_GetJoints( worldId, joints.data(), (int)joints.size() );
	for ( int i = 0; i < count; ++i )
	{
		ttJointId joint = joints[(size_t)i];
		switch ( ttJoint_GetType( joint ) )
		{
			case ttJoint_hinge:
				AddHingeLimits( renderer, joint, size );
				break;
			case ttJoint_spherical:
				AddSphericalLimits( renderer, joint, size );
				break;
			case ttJoint_prismatic:
				AddPrismaticLimits( renderer, joint, size );
				break;
			default:
				break;
		}
	}
}

// Inner nodes from red at the root through yellow and green to blue at depth 6 and below; leaves
// white. Each level is shrunk by 2 mm so that a parent's edges stay visible where a child's
// coincide with them.
static void AddBroadphaseTree( Renderer& renderer, ttWorldId worldId )
{
	int capacity = ttWorld_GetBroadphaseNodeCount( worldId );
	if ( capacity <= 0 )
	{
		return;
	}
	std::vector<ttAABB> boxes( (size_t)capacity );
	std::vector<int> depths( (size_t)capacity );
	// std::vector<bool> has no data(); one byte per flag instead.
	std::unique_ptr<bool[]> leaves( new bool[(size_t)capacity] );
	int count = ttWorld_GetBroadphaseNodes( worldId, boxes.data(), depths.data(), leaves.get(), capacity );
	static const Vec3f ramp[] = { { 1, 0.2f, 0.2f },    { 1, 0.55f, 0.1f },    { 0.95f, 0.9f, 0.1f },
	                              { 0.4f, 0.9f, 0.2f }, { 0.1f, 0.85f, 0.8f }, { 0.3f, 0.5f, 1 },
	                              { 0.6f, 0.35f, 1 } };
	const int rampSize = (int)( sizeof( ramp ) / sizeof( ramp[0] ) );
	for ( int i = 0; i < count; ++i )
	{
		int depth = depths[(size_t)i];
		Vec3f lo = V3( boxes[(size_t)i].lower ), hi = V3( boxes[(size_t)i].upper );
		Vec3f size = hi - lo;
		float inset = std::fmin( 0.002f * (float)depth, 0.25f * std::fmin( size.x, std::fmin( size.y, size.z ) ) );
		lo = lo + Vec3f{ inset, inset, inset };
		hi = hi - Vec3f{ inset, inset, inset };
		Vec3f color = leaves[(size_t)i] ? Vec3f{ 1, 1, 1 } : ramp[depth < rampSize ? depth : rampSize - 1];
		AddBoxLines( renderer, lo, hi, color );
	}
}

Vec3f LongRangeColor( ttLongRangeFeature feature, int level )
{
	static const Vec3f levels[] = {
	    { 0.1f, 0.9f, 0.95f }, { 0.35f, 0.95f, 0.3f }, { 1, 0.9f, 0.2f }, { 1, 0.6f, 0.15f }, { 1, 0.3f, 0.25f } };
	switch ( feature )
	{
		case ttLongRange_attachments:
			return { 1, 0.25f, 0.85f };
		case ttLongRange_hierarchy:
		{
			int index = level < 1 ? 0 : ( level > 5 ? 4 : level - 1 );
			return levels[index];
		}
		case ttLongRange_hingeChains:
			return { 0.3f, 0.55f, 1 };
		case ttLongRange_shapeMatching:
			return { 0.95f, 0.95f, 0.95f };
		case ttLongRange_supportingContacts:
			return { 1, 0.12f, 0.1f }; // red, as the paper's fig. 12 shows supporting contacts
		default:
			return { 1, 1, 1 };
	}
}

// A bound as an arc from a to b whose middle stands off the chord by `bulge` (a fraction of its
// length) across the view: the attachments of a straight chain all start at its anchor and lie
// along it, and nested arcs keep them apart. Positive and negative bulges put two kinds on
// opposite sides.
static void AddBoundArc( Renderer& renderer, Vec3f a, Vec3f b, Vec3f viewDirection, float bulge, Vec3f color )
{
	Vec3f chord = b - a;
	float length = Length( chord );
	Vec3f side = Normalize( Cross( chord, viewDirection ) );
	if ( Length( side ) == 0 )
	{
		renderer.AddLine( a, b, color ); // seen end on: a point either way
		return;
	}
	// A quadratic Bezier curve: its middle lies half way to the control point.
	Vec3f control = ( a + b ) * 0.5f + side * ( 2 * bulge * length );
	const int segments = 12;
	Vec3f previous = a;
	for ( int i = 1; i <= segments; ++i )
	{
		float t = (float)i / segments, u = 1 - t;
		Vec3f next = a * ( u * u ) + control * ( 2 * u * t ) + b * ( t * t );
		renderer.AddLine( previous, next, color );
		previous = next;
	}
}

static void AddCross( Renderer& renderer, Vec3f p, float s, Vec3f color )
{
	renderer.AddLine( p - Vec3f{ s, 0, 0 }, p + Vec3f{ s, 0, 0 }, color );
	renderer.AddLine( p - Vec3f{ 0, s, 0 }, p + Vec3f{ 0, s, 0 }, color );
	renderer.AddLine( p - Vec3f{ 0, 0, s }, p + Vec3f{ 0, 0, s }, color );
}

static void AddLongRange( Renderer& renderer, ttWorldId worldId, Vec3f viewDirection )
{
	int capacity = ttWorld_GetLongRangeConstraintCount( worldId );
	if ( capacity <= 0 )
	{
		return;
	}
	std::vector<ttLongRangeConstraintData> data( (size_t)capacity );
	int count = ttWorld_GetLongRangeConstraints( worldId, data.data(), capacity );
	for ( int i = 0; i < count; ++i )
	{
		const ttLongRangeConstraintData& d = data[(size_t)i];
		Vec3f a = V3( d.pointA ), b = V3( d.pointB );
		// Slack constraints dimmed, engaged ones at full strength with their ends marked.
		Vec3f bright = LongRangeColor( d.feature, d.level );
		Vec3f color = d.active ? bright : bright * 0.45f;
		switch ( d.feature )
		{
			case ttLongRange_attachments:
				AddBoundArc( renderer, a, b, viewDirection, 0.06f, color );
				break;
			case ttLongRange_hierarchy:
				AddBoundArc( renderer, a, b, viewDirection, -0.06f, color );
				break;
			case ttLongRange_hingeChains:
			{
				renderer.AddLine( a, b, color );
				Vec3f middle = ( a + b ) * 0.5f;
				renderer.AddLine( middle, middle + V3( d.axis ) * ( 0.3f * (float)d.upper ), color );
				break;
			}
			case ttLongRange_supportingContacts:
				// The held point, and a tick down toward the ground it is held to.
				AddCross( renderer, b, 0.025f, color );
				renderer.AddLine( b, b - V3( d.axis ) * 0.08f, color );
				break;
			default:
				renderer.AddLine( a, b, color );
				break;
		}
		if ( d.active && ( d.feature == ttLongRange_attachments || d.feature == ttLongRange_hierarchy ) )
		{
			float s = 0.02f + 0.02f * (float)d.upper / ( 1 + (float)d.upper );
			AddCross( renderer, b, s, bright );
		}
	}
}

void DrawWorld( Renderer& renderer, ttWorldId worldId, const DebugDrawOptions& options, ttBodyId highlight,
                std::vector<WorldLabel>* labels )
{
	std::vector<ttBodyId> bodies = AllBodies( worldId );
	bool upPlane = false; // a plane facing up is the ground already
	for ( size_t index = 0; index < bodies.size(); ++index )
	{
		ttBodyId body = bodies[index];
		ttBodyType type = ttBody_GetType( body );
		Vec3f color = BodyColor( (int)index, type );
		if ( options.sleeping && type != ttBody_static && ttBody_IsAwake( body ) == false )
		{
			color = SleepingTint( color );
		}
		if ( options.longRange && type == ttBody_dynamic && ttBody_IsSupported( body ) )
		{
			// Bodies held up by supporting contacts turn red, as in the paper's fig. 12.
			color = color * 0.35f + Vec3f{ 0.85f, 0.1f, 0.08f } * 0.65f;
		}
		if ( ttBody_IsValid( highlight ) && highlight.index1 == body.index1 )
		{
			color = Lighter( color );
		}
		Mat4f frame = TransformMatrix( ttBody_GetTransform( body ), { 1, 1, 1 } );
		ttShapeId shapes[kMaxShapes];
		int count = ttBody_GetShapes( body, shapes, kMaxShapes );
		for ( int i = 0; i < count; ++i )
		{
			AddShape( renderer, shapes[i], frame, color, options.groundExtent, options.ground );
			if ( ttShape_GetType( shapes[i] ) == ttShape_plane )
			{
				ttTransform pose = ttBody_GetTransform( body );
				ttVec3 normal = ttRotate( pose.q, ttRotate( ttShape_GetLocalTransform( shapes[i] ).q,
				                                            ttShape_GetPlane( shapes[i] ).normal ) );
				upPlane = upPlane || Normalize( V3( normal ) ).y > 0.9f;
			}
			if ( options.aabbs && ttShape_GetType( shapes[i] ) != ttShape_plane )
			{
				ttAABB box = ttShape_GetAABB( shapes[i] );
				AddBoxLines( renderer, V3( box.lower ), V3( box.upper ), { 0.2f, 0.9f, 0.3f } );
			}
		}
	}
	if ( options.ground && upPlane == false )
	{
		ttPlane plane = { { 0, 1, 0 }, (ttReal)options.groundHeight };
		AddPlane( renderer, Identity4(), plane, kGroundColor, options.groundExtent );
	}
	renderer.SetGridSpacing( options.gridSpacing );
	if ( options.jointRods )
	{
		AddJointRods( renderer, worldId );
	}
	if ( options.contacts )
	{
		AddContacts( renderer, worldId );
	}
	if ( options.jointFrames || options.jointLabels )
	{
		AddJoints( renderer, worldId, options, labels );
	}
	if ( options.limits )
	{
		AddJointLimits( renderer, worldId, options.limitSize );
	}
	if ( options.broadphaseTree )
	{
		AddBroadphaseTree( renderer, worldId );
	}
	if ( options.longRange )
	{
		AddLongRange( renderer, worldId, Normalize( options.viewDirection ) );
	}
}
