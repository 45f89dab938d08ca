// SPDX-License-Identifier: MIT
// Sample 3, a ragdoll: eleven capsules joined by spherical joints (neck, shoulders, hips) with swing
// cones and hinges (elbows, knees) with limits, dropped from 1.5 m onto the ground. After three
// seconds it must lie on the ground, at rest, in one piece: exit 0 when every part is above the
// ground, the fastest part moves slower than 0.1 m/s and every joint holds to within 5 mm.
#include "tether/tether.h"

#include <math.h>
#include <stdio.h>

typedef struct Part
{
	const char* name;
	ttVec3 center;     // world, standing pose (the ragdoll faces +z, arms hang down)
	ttReal halfLength; // capsule along y
	ttReal radius;
} Part;

static const Part s_parts[] = {
    { "head", { 0, 1.65, 0 }, 0.05, 0.1 },         { "chest", { 0, 1.35, 0 }, 0.1, 0.14 },
    { "pelvis", { 0, 1.05, 0 }, 0.05, 0.13 },      { "upperArmL", { -0.25, 1.3, 0 }, 0.1, 0.05 },
    { "forearmL", { -0.25, 1.0, 0 }, 0.1, 0.045 }, { "upperArmR", { 0.25, 1.3, 0 }, 0.1, 0.05 },
    { "forearmR", { 0.25, 1.0, 0 }, 0.1, 0.045 },  { "thighL", { -0.1, 0.72, 0 }, 0.13, 0.07 },
    { "shinL", { -0.1, 0.3, 0 }, 0.13, 0.055 },    { "thighR", { 0.1, 0.72, 0 }, 0.13, 0.07 },
    { "shinR", { 0.1, 0.3, 0 }, 0.13, 0.055 },
};
enum
{
	partCount = sizeof( s_parts ) / sizeof( s_parts[0] )
};

// Joints: parent, child, world anchor, hinge (true) or spherical with a swing cone.
typedef struct Link
{
	int parent, child;
	ttVec3 anchor;
	bool hinge;
} Link;

static const Link s_links[] = {
    { 1, 0, { 0, 1.52, 0 }, false },    { 1, 2, { 0, 1.17, 0 }, false },    { 1, 3, { -0.25, 1.42, 0 }, false },
    { 3, 4, { -0.25, 1.15, 0 }, true }, { 1, 5, { 0.25, 1.42, 0 }, false }, { 5, 6, { 0.25, 1.15, 0 }, true },
    { 2, 7, { -0.1, 0.9, 0 }, false },  { 7, 8, { -0.1, 0.51, 0 }, true },  { 2, 9, { 0.1, 0.9, 0 }, false },
    { 9, 10, { 0.1, 0.51, 0 }, true },
};
enum
{
	linkCount = sizeof( s_links ) / sizeof( s_links[0] )
};

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	ttBodyDef groundDef = ttDefaultBodyDef();
	ttBodyId ground = ttCreateBody( world, &groundDef );
	ttCreatePlaneShape( ground, &shapeDef, &( ttPlane ){ .normal = { 0, 1, 0 }, .offset = 0 } );

	// Dropped from 1.5 m, turned 80 degrees forward so it falls on its front.
	ttQuat tilt = ttQuatFromAxisAngle( ( ttVec3 ){ 1, 0, 0 }, (ttReal)1.4 );
	ttVec3 lift = { 0, 1.5, 0 };
	ttTransform place = { lift, tilt };
	ttBodyId bodies[partCount];
	ttQuat alongY = ttQuatFromAxisAngle( ( ttVec3 ){ 0, 0, 1 }, TT_PI / 2 ); // capsule x axis onto y
	for ( int i = 0; i < partCount; ++i )
	{
		ttBodyDef def = ttDefaultBodyDef();
		def.type = ttBody_dynamic;
		def.name = s_parts[i].name;
		def.position = ttTransformPoint( place, s_parts[i].center );
		def.rotation = tilt;
		bodies[i] = ttCreateBody( world, &def );
		ttShapeDef partDef = ttDefaultShapeDef();
		partDef.localRotation = alongY;
		partDef.filter.groupIndex = -1; // the parts of one ragdoll do not collide with each other
		ttReal h = s_parts[i].halfLength;
		ttCapsule capsule = { { -h, 0, 0 }, { h, 0, 0 }, s_parts[i].radius };
		ttCreateCapsuleShape( bodies[i], &partDef, &capsule );
	}

	ttJointId joints[linkCount];
	for ( int j = 0; j < linkCount; ++j )
	{
		const Link* link = s_links + j;
		ttVec3 anchor = ttTransformPoint( place, link->anchor );
		ttJointDef base = ttDefaultJointDef();
		base.bodyA = bodies[link->parent];
		base.bodyB = bodies[link->child];
		base.localFrameA.p = ttBody_GetLocalPoint( base.bodyA, anchor );
		base.localFrameB.p = ttBody_GetLocalPoint( base.bodyB, anchor );
		if ( link->hinge )
		{
			// Elbows and knees bend about the body's x axis (the frames' x axis), 0 to 2.4 rad.
			ttHingeJointDef hinge = ttDefaultHingeJointDef();
			hinge.base = base;
			hinge.enableLimit = true;
			hinge.lowerAngle = link->child <= 6 ? 0 : -2.4;
			hinge.upperAngle = link->child <= 6 ? 2.4 : 0;
			joints[j] = ttCreateHingeJoint( world, &hinge );
		}
		else
		{
			// Neck, shoulders and hips: a swing cone about the bone's direction (y, turned onto
			// the frames' x axis).
			ttSphericalJointDef spherical = ttDefaultSphericalJointDef();
			spherical.base = base;
			spherical.base.localFrameA.q = alongY;
			spherical.base.localFrameB.q = alongY;
			spherical.enableSwingLimit = true;
			spherical.maxSwingAngle = link->child == 0 ? (ttReal)0.6 : (ttReal)1.2;
			joints[j] = ttCreateSphericalJoint( world, &spherical );
		}
	}

	for ( int step = 0; step < 180; ++step )
	{
		ttWorld_Step( world, 1.0 / 60.0 );
	}

	double lowest = 1e9, fastest = 0, worstJoint = 0;
	for ( int i = 0; i < partCount; ++i )
	{
		ttVec3 p = ttBody_GetPosition( bodies[i] );
		lowest = fmin( lowest, (double)p.y - (double)s_parts[i].radius );
		fastest = fmax( fastest, (double)ttLength( ttBody_GetLinearVelocity( bodies[i] ) ) );
	}
	for ( int j = 0; j < linkCount; ++j )
	{
		worstJoint = fmax( worstJoint, (double)ttJoint_GetPositionError( joints[j] ) );
	}
	printf( "after 3 s: lowest capsule surface at %.4f m (>= -0.01 m: above the ground), fastest part %.4f m/s "
	        "(< 0.1), worst joint error %.2e m (< 5e-3)\n",
	        lowest, fastest, worstJoint );
	ttDestroyWorld( world );
	return ( lowest >= -0.01 && fastest < 0.1 && worstJoint < 5e-3 ) ? 0 : 1;
}
