// SPDX-License-Identifier: MIT
// Read access for tools and viewers: enumerating bodies, joints and shapes, shape geometry and
// bounds, switches.
#include "test_macros.h"

#include "tether/tether.h"

int main( void )
{
	ttWorldDef worldDef = ttDefaultWorldDef();
	ttWorldId world = ttCreateWorld( &worldDef );
	ttBodyDef bodyDef = ttDefaultBodyDef();
	bodyDef.type = ttBody_dynamic;
	bodyDef.position = ( ttVec3 ){ 1, 2, 3 };
	ttBodyId body = ttCreateBody( world, &bodyDef );
	ttShapeDef shapeDef = ttDefaultShapeDef();
	shapeDef.localPosition = ( ttVec3 ){ 0.5f, 0, 0 };
	shapeDef.restitution = 0.25f;
	ttShapeId box = ttCreateBoxShape( body, &shapeDef, &( ttBox ){ { 0.1f, 0.2f, 0.3f } } );
	shapeDef.localPosition = ( ttVec3 ){ -0.5f, 0, 0 };
	ttShapeId sphere = ttCreateSphereShape( body, &shapeDef, &( ttSphere ){ 0.25f } );
	ttBodyId other = ttCreateBody( world, &bodyDef );
	ttFixedJointDef fixed = ttDefaultFixedJointDef();
	fixed.base.bodyA = body;
	fixed.base.bodyB = other;
	ttJointId joint = ttCreateFixedJoint( world, &fixed );

	// The switches a viewer shows read back what was set.
	ENSURE( ttWorld_AreContactsEnabled( world ) );
	ENSURE( ttWorld_EnableContacts( world, false ) == ttResult_ok && ttWorld_AreContactsEnabled( world ) == false );
	ENSURE( ttWorld_EnableContacts( world, true ) == ttResult_ok && ttWorld_AreContactsEnabled( world ) );

	ttBodyId bodies[4];
	ENSURE( ttWorld_GetBodies( world, bodies, 4 ) == 2 );
	ENSURE( TT_ID_EQUALS( bodies[0], body ) && TT_ID_EQUALS( bodies[1], other ) );
	ttJointId joints[4];
	ENSURE( ttWorld_GetJoints( world, joints, 4 ) == 1 && TT_ID_EQUALS( joints[0], joint ) );
	// The weld's frames coincide with the bodies' frames: at (1, 2, 3), unrotated.
	ttTransform frameA = ttJoint_GetFrameA( joint );
	ttTransform frameB = ttJoint_GetFrameB( joint );
	ENSURE_NEAR( ttDistance( frameA.p, ( ttVec3 ){ 1, 2, 3 } ), 0, 1e-6 );
	ENSURE_NEAR( ttDistance( frameB.p, ( ttVec3 ){ 1, 2, 3 } ), 0, 1e-6 );
	ENSURE_NEAR( frameB.q.w, 1, 1e-6 );

	ENSURE( ttBody_GetShapeCount( body ) == 2 );
	ttShapeId shapes[4];
	ENSURE( ttBody_GetShapes( body, shapes, 1 ) == 1 );
	ENSURE( ttBody_GetShapes( body, shapes, 4 ) == 2 );
	ENSURE( ttShape_GetType( box ) == ttShape_box );
	ENSURE_NEAR( ttShape_GetBox( box ).halfExtents.z, 0.3f, 1e-9 );
	ENSURE_NEAR( ttShape_GetSphere( sphere ).radius, 0.25f, 1e-9 );
	ENSURE_NEAR( ttShape_GetLocalTransform( sphere ).p.x, -0.5, 1e-9 );
	ENSURE_NEAR( ttShape_GetRestitution( box ), 0.25f, 1e-9 );
	// The sphere's bounds in the world: centre (0.5, 2, 3), radius 0.25.
	ttAABB bounds = ttShape_GetAABB( sphere );
	ENSURE_NEAR( bounds.lower.x, 0.25, 1e-6 );
	ENSURE_NEAR( bounds.upper.y, 2.25, 1e-6 );
	ENSURE_NEAR( bounds.upper.z, 3.25, 1e-6 );
	ttDestroyWorld( world );
	return TEST_RESULT();
}
