// SPDX-License-Identifier: MIT
#include "picking.h"

#include <vector>

static bool RaySphere( Vec3f origin, Vec3f direction, Vec3f center, float radius, float* t )
{
	Vec3f m = origin - center;
	float b = Dot( m, direction );
	float c = Dot( m, m ) - radius * radius;
	float discriminant = b * b - c;
	if ( discriminant < 0 )
	{
		return false;
	}
	float root = -b - std::sqrt( discriminant );
	*t = root >= 0 ? root : 0; // a ray starting inside hits at once
	return -b + std::sqrt( discriminant ) >= 0;
}

// Slabs in the box's own frame, where it is axis aligned.
static bool RayBox( Vec3f origin, Vec3f direction, Vec3f half, float* t )
{
	float o[3] = { origin.x, origin.y, origin.z }, d[3] = { direction.x, direction.y, direction.z };
	float h[3] = { half.x, half.y, half.z };
	float enter = 0, leave = 1e30f;
	for ( int k = 0; k < 3; ++k )
	{
		if ( std::fabs( d[k] ) < 1e-12f )
		{
			if ( o[k] < -h[k] || o[k] > h[k] )
			{
				return false;
			}
			continue;
		}
		float t0 = ( -h[k] - o[k] ) / d[k], t1 = ( h[k] - o[k] ) / d[k];
		enter = std::fmax( enter, std::fmin( t0, t1 ) );
		leave = std::fmin( leave, std::fmax( t0, t1 ) );
	}
	*t = enter;
	return enter <= leave;
}

static bool RayShape( ttShapeId shape, const Mat4f& frame, Vec3f origin, Vec3f direction, float* t )
{
	switch ( ttShape_GetType( shape ) )
	{
		case ttShape_sphere:
			return RaySphere( origin, direction, TransformPoint( frame, { 0, 0, 0 } ),
			                  (float)ttShape_GetSphere( shape ).radius, t );
		case ttShape_box:
		{
			Mat4f inverse = Inverse( frame );
			Vec3f o = TransformPoint( inverse, origin );
			Vec3f d = TransformPoint( inverse, origin + direction ) - o;
			return RayBox( o, d, V3( ttShape_GetBox( shape ).halfExtents ), t );
		}
		case ttShape_capsule:
		{
			// Spheres along the segment: exact enough to pick with, and simple.
			ttCapsule capsule = ttShape_GetCapsule( shape );
			Vec3f a = TransformPoint( frame, V3( capsule.center1 ) ),
			      b = TransformPoint( frame, V3( capsule.center2 ) );
			bool any = false;
			for ( int k = 0; k <= 16; ++k )
			{
				float candidate;
				if ( RaySphere( origin, direction, a + ( b - a ) * ( (float)k / 16 ), (float)capsule.radius,
				                &candidate ) &&
				     ( any == false || candidate < *t ) )
				{
					*t = candidate;
					any = true;
				}
			}
			return any;
		}
		default:
			return false;
	}
}

bool PickBody( ttWorldId worldId, Vec3f origin, Vec3f direction, PickHit* hit )
{
	std::vector<ttBodyId> bodies( (size_t)ttWorld_GetBodyCount( worldId ) );
	bodies.resize( (size_t)ttWorld_GetBodies( worldId, bodies.data(), (int)bodies.size() ) );
	bool any = false;
	for ( ttBodyId body : bodies )
	{
		if ( ttBody_GetType( body ) != ttBody_dynamic )
		{
			continue;
		}
		Mat4f bodyFrame = TransformMatrix( ttBody_GetTransform( body ), { 1, 1, 1 } );
		ttShapeId shapes[64];
		int count = ttBody_GetShapes( body, shapes, 64 );
		for ( int i = 0; i < count; ++i )
		{
			Mat4f frame = Multiply( bodyFrame, TransformMatrix( ttShape_GetLocalTransform( shapes[i] ), { 1, 1, 1 } ) );
			float t = 0;
			if ( RayShape( shapes[i], frame, origin, direction, &t ) && ( any == false || t < hit->distance ) )
			{
				*hit = { body, origin + direction * t, t };
				any = true;
			}
		}
	}
	return any;
}

void MouseSpring::Grab( const PickHit& hit, Vec3f eye, Vec3f viewDirection )
{
	active = true;
	body = hit.body;
	localPoint = ttBody_GetLocalPoint( body, { hit.point.x, hit.point.y, hit.point.z } );
	target = hit.point;
	viewDepth = Dot( hit.point - eye, viewDirection );
	force = { 0, 0, 0 };
}

Vec3f MouseSpring::Anchor() const
{
	return V3( ttBody_GetWorldPoint( body, localPoint ) );
}

void MouseSpring::Apply()
{
	if ( active == false || ttBody_IsValid( body ) == false )
	{
		active = false;
		return;
	}
	Vec3f p = Anchor();
	Vec3f v = V3( ttBody_GetWorldPointVelocity( body, { p.x, p.y, p.z } ) );
	float mass = (float)ttBody_GetMass( body );
	force = ( ( target - p ) * stiffness - v * ( 2 * std::sqrt( stiffness ) ) ) * mass;
	ttBody_ApplyForce( body, { force.x, force.y, force.z }, { p.x, p.y, p.z } );
}
