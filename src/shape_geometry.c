// SPDX-License-Identifier: MIT
// Mass properties and bounds of the primitive shapes.
#include "collide_curve.h"
#include "core.h"
#include "hull.h"
#include "mesh.h"
#include "shape.h"
#include "shape_convex.h"

#include "tether/tether.h"

ttMassData ttComputeSphereMass( const ttSphere* sphere, ttReal density )
{
	ttReal r = sphere->radius;
	ttReal mass = density * ( 4 * TT_PI / 3 ) * r * r * r;
	ttReal i = (ttReal)0.4 * mass * r * r;
	return ( ttMassData ){ mass, TT_VEC3_ZERO, { i, i, i }, TT_QUAT_IDENTITY };
}

ttMassData ttComputeBoxMass( const ttBox* box, ttReal density )
{
	ttVec3 e = box->halfExtents;
	ttReal mass = density * 8 * e.x * e.y * e.z;
	ttReal k = mass / 3;
	ttVec3 inertia = { k * ( e.y * e.y + e.z * e.z ), k * ( e.x * e.x + e.z * e.z ), k * ( e.x * e.x + e.y * e.y ) };
	return ( ttMassData ){ mass, TT_VEC3_ZERO, inertia, TT_QUAT_IDENTITY };
}

// A cylinder of length L between two hemispheres: the hemispheres' centres of mass sit 3r/8
// beyond the cylinder ends, which gives the L r term of the perpendicular moment.
ttMassData ttComputeCapsuleMass( const ttCapsule* capsule, ttReal density )
{
	ttReal r = capsule->radius;
	ttVec3 axis = ttSub( capsule->center2, capsule->center1 );
	ttReal length = ttLength( axis );
	ttReal cylinderMass = density * TT_PI * r * r * length;
	ttReal sphereMass = density * ( 4 * TT_PI / 3 ) * r * r * r;
	ttReal axial = cylinderMass * r * r / 2 + sphereMass * (ttReal)0.4 * r * r;
	ttReal perpendicular = cylinderMass * ( length * length / 12 + r * r / 4 ) +
	                       sphereMass * ( (ttReal)0.4 * r * r + length * length / 4 + (ttReal)0.375 * length * r );
	ttQuat rotation =
	    length > 0 ? ttQuatFromTo( ( ttVec3 ){ 1, 0, 0 }, ttScale( 1 / length, axis ) ) : TT_QUAT_IDENTITY;
	ttVec3 center = ttScale( (ttReal)0.5, ttAdd( capsule->center1, capsule->center2 ) );
	return ( ttMassData ){ cylinderMass + sphereMass, center, { axial, perpendicular, perpendicular }, rotation };
}

ttMassData ttShape_ComputeMass( const ttShape* shape )
{
	switch ( shape->type )
	{
		case ttShape_sphere:
			return ttComputeSphereMass( &shape->sphere, shape->density );
		case ttShape_capsule:
			return ttComputeCapsuleMass( &shape->capsule, shape->density );
		case ttShape_box:
			return ttComputeBoxMass( &shape->box, shape->density );
		case ttShape_cylinder:
			return ttComputeCylinderMass( &shape->cylinder, shape->density );
		case ttShape_hull:
			return ttHull_ComputeMass( shape->hull, shape->density );
		default:
			return ( ttMassData ){ 0, TT_VEC3_ZERO, TT_VEC3_ZERO, TT_QUAT_IDENTITY };
	}
}

ttReal ttShape_Extent( const ttShape* shape )
{
	switch ( shape->type )
	{
		case ttShape_sphere:
			return shape->sphere.radius;
		case ttShape_capsule:
			return ttMaxReal( ttLength( shape->capsule.center1 ), ttLength( shape->capsule.center2 ) ) +
			       shape->capsule.radius;
		case ttShape_box:
			return ttLength( shape->box.halfExtents );
		case ttShape_cylinder:
			return ttSqrt( shape->cylinder.halfHeight * shape->cylinder.halfHeight +
			               shape->cylinder.radius * shape->cylinder.radius );
		case ttShape_hull:
			return shape->hull->extent;
		case ttShape_mesh:
		case ttShape_heightfield:
			return shape->mesh->extent;
		case ttShape_curve:
			return shape->curve.extent;
		default:
			return 0;
	}
}

static ttAABB ttAABBAroundPoint( ttVec3 center, ttReal radius )
{
	ttVec3 r = { radius, radius, radius };
	return ( ttAABB ){ ttSub( center, r ), ttAdd( center, r ) };
}

ttAABB ttShape_ComputeAabb( const ttShape* shape, ttTransform xf )
{
	switch ( shape->type )
	{
		case ttShape_sphere:
			return ttAABBAroundPoint( xf.p, shape->sphere.radius );
		case ttShape_capsule:
		{
			ttVec3 p1 = ttTransformPoint( xf, shape->capsule.center1 );
			ttVec3 p2 = ttTransformPoint( xf, shape->capsule.center2 );
			ttReal r = shape->capsule.radius;
			ttVec3 lower = { ttMinReal( p1.x, p2.x ) - r, ttMinReal( p1.y, p2.y ) - r, ttMinReal( p1.z, p2.z ) - r };
			ttVec3 upper = { ttMaxReal( p1.x, p2.x ) + r, ttMaxReal( p1.y, p2.y ) + r, ttMaxReal( p1.z, p2.z ) + r };
			return ( ttAABB ){ lower, upper };
		}
		case ttShape_box:
		{
			// Extent along each world axis = sum of |rotated half extents| components.
			ttMat3 m = ttMat3FromQuat( xf.q );
			ttVec3 e = shape->box.halfExtents;
			ttVec3 extent = {
			    ttAbs( m.cx.x ) * e.x + ttAbs( m.cy.x ) * e.y + ttAbs( m.cz.x ) * e.z,
			    ttAbs( m.cx.y ) * e.x + ttAbs( m.cy.y ) * e.y + ttAbs( m.cz.y ) * e.z,
			    ttAbs( m.cx.z ) * e.x + ttAbs( m.cy.z ) * e.y + ttAbs( m.cz.z ) * e.z,
			};
			return ( ttAABB ){ ttSub( xf.p, extent ), ttAdd( xf.p, extent ) };
		}
		case ttShape_cylinder:
			return ttCylinder_ComputeAabb( &shape->cylinder, xf );
		case ttShape_hull:
			return ttHull_ComputeAabb( shape->hull, xf );
		case ttShape_mesh:
		case ttShape_heightfield:
			return ttMesh_ComputeAabb( shape->mesh, xf );
		case ttShape_curve:
			return ttCurveShape_ComputeAabb( shape, xf );
		default:
		{
			// Planes are unbounded; the pair finder treats them separately.
			ttVec3 huge = { TT_HUGE, TT_HUGE, TT_HUGE };
			return ( ttAABB ){ ttNeg( huge ), huge };
		}
	}
}
