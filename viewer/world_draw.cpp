// SPDX-License-Identifier: MIT
#include "world_draw.h"

#include <cstdio>

static const int kMaxShapes = 64;

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

// Bounds of the shapes of the moving bodies, or of all bodies when nothing moves: static scenery
// such as a 100 m ground box would otherwise shrink the bodies of interest to specks.
bool WorldBounds( ttWorldId worldId, Vec3f* center, float* radius )
{
	std::vector<ttBodyId> bodies = AllBodies( worldId );
	bool anyMoving = false;
	for ( ttBodyId body : bodies )
	{
		anyMoving = anyMoving || ttBody_GetType( body ) != ttBody_static;
	}
	Vec3f lower = { 1e30f, 1e30f, 1e30f }, upper = { -1e30f, -1e30f, -1e30f };
	bool any = false;
	for ( ttBodyId body : bodies )
	{
		if ( anyMoving && ttBody_GetType( body ) == ttBody_static )
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
			lower = { std::fmin( lower.x, lo.x ), std::fmin( lower.y, lo.y ), std::fmin( lower.z, lo.z ) };
			upper = { std::fmax( upper.x, hi.x ), std::fmax( upper.y, hi.y ), std::fmax( upper.z, hi.z ) };
			any = true;
		}
	}
	if ( any == false )
	{
		*center = { 0, 0, 0 };
		*radius = 1;
		return false;
	}
	*center = ( lower + upper ) * 0.5f;
	*radius = 0.5f * Length( upper - lower );
	return true;
}

static Vec3f Lighter( Vec3f c )
{
	return c * 0.5f + Vec3f{ 0.5f, 0.5f, 0.5f };
}

// A square of the plane around the point of the plane nearest the origin, big enough to look
// endless from the framed view.
static void AddPlane( Renderer& renderer, const Mat4f& frame, ttPlane plane, Vec3f color )
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
	const float extent = 60;
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

static void AddShape( Renderer& renderer, ttShapeId shape, const Mat4f& bodyFrame, Vec3f color )
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
		case ttShape_plane:
			AddPlane( renderer, frame, ttShape_GetPlane( shape ), { 0.78f, 0.76f, 0.72f } );
			break;
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

void DrawWorld( Renderer& renderer, ttWorldId worldId, const DebugDrawOptions& options, ttBodyId highlight,
                std::vector<WorldLabel>* labels )
{
	std::vector<ttBodyId> bodies = AllBodies( worldId );
	for ( size_t index = 0; index < bodies.size(); ++index )
	{
		ttBodyId body = bodies[index];
		Vec3f color = BodyColor( (int)index, ttBody_GetType( body ) );
		if ( ttBody_IsValid( highlight ) && highlight.index1 == body.index1 )
		{
			color = Lighter( color );
		}
		Mat4f frame = TransformMatrix( ttBody_GetTransform( body ), { 1, 1, 1 } );
		ttShapeId shapes[kMaxShapes];
		int count = ttBody_GetShapes( body, shapes, kMaxShapes );
		for ( int i = 0; i < count; ++i )
		{
			AddShape( renderer, shapes[i], frame, color );
			if ( options.aabbs && ttShape_GetType( shapes[i] ) != ttShape_plane )
			{
				ttAABB box = ttShape_GetAABB( shapes[i] );
				AddBoxLines( renderer, V3( box.lower ), V3( box.upper ), { 0.2f, 0.9f, 0.3f } );
			}
		}
	}
	if ( options.contacts )
	{
		AddContacts( renderer, worldId );
	}
	if ( options.jointFrames || options.jointLabels )
	{
		AddJoints( renderer, worldId, options, labels );
	}
}
