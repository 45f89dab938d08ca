// SPDX-License-Identifier: MIT
// The scene the browser page shows: loading (the tools' scene loader), stepping with the mouse
// spring, the solver switches, and what the page reads back to draw and to report.
#include "scene.h"
#include "solver_names.h"
#include "web_api.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The mouse spring's stiffness per unit mass (natural frequency sqrt(k) rad/s, critically
/// damped), the viewer's value: firm enough to lift a body, soft enough not to fling it.
#define TT_WEB_SPRING_STIFFNESS 150.0

typedef struct ttWebShape
{
	ttShapeId shape;
	ttBodyId body;
	int flags;
} ttWebShape;

typedef struct ttWebState
{
	bool loaded;
	ttScene scene;
	int stepCount;
	double stepMs;
	ttWebShape* shapes;
	int shapeCount;
	float* transforms;
	float* lines;
	int lineCapacity;
	double bounds[6];
	double scratch[3];

	bool grabbing;
	ttBodyId grabBody;
	ttVec3 grabLocal, grabTarget;
	double grabPoint[3];
} ttWebState;

static ttWebState s_web;
static char s_error[1024];

// Library messages (a rejected setting, a failed step) become the page's error line.
static void ttWeb_Log( const char* message )
{
	snprintf( s_error, sizeof( s_error ), "%s", message );
	fprintf( stderr, "tether: %s\n", message );
}

static void ttWeb_Unload( void )
{
	if ( s_web.loaded )
	{
		ttScene_Destroy( &s_web.scene );
	}
	free( s_web.shapes );
	free( s_web.transforms );
	free( s_web.lines );
	memset( &s_web, 0, sizeof( s_web ) );
}

static bool ttWeb_CollectShapes( void )
{
	ttWorldId world = s_web.scene.worldId;
	int bodyCount = ttWorld_GetBodyCount( world );
	ttBodyId* bodies = malloc( (size_t)( bodyCount > 0 ? bodyCount : 1 ) * sizeof( ttBodyId ) );
	if ( bodies == NULL )
	{
		return false;
	}
	bodyCount = ttWorld_GetBodies( world, bodies, bodyCount );
	int total = 0;
	for ( int b = 0; b < bodyCount; ++b )
	{
		total += ttBody_GetShapeCount( bodies[b] );
	}
	s_web.shapes = malloc( (size_t)( total > 0 ? total : 1 ) * sizeof( ttWebShape ) );
	s_web.transforms = malloc( (size_t)( total > 0 ? total : 1 ) * 16 * sizeof( float ) );
	bool ok = s_web.shapes != NULL && s_web.transforms != NULL;
	for ( int b = 0; ok && b < bodyCount; ++b )
	{
		int count = ttBody_GetShapeCount( bodies[b] );
		ttShapeId* ids = malloc( (size_t)( count > 0 ? count : 1 ) * sizeof( ttShapeId ) );
		ok = ids != NULL;
		count = ok ? ttBody_GetShapes( bodies[b], ids, count ) : 0;
		for ( int s = 0; s < count && s_web.shapeCount < total; ++s )
		{
			ttWebShape* shape = &s_web.shapes[s_web.shapeCount++];
			shape->shape = ids[s];
			shape->body = bodies[b];
			shape->flags = ( ttBody_GetType( bodies[b] ) != ttBody_dynamic ? 1 : 0 ) |
			               ( ttShape_GetType( ids[s] ) == ttShape_plane ? 2 : 0 ) | ( b << 8 );
		}
		free( ids );
	}
	free( bodies );
	return ok;
}

static void ttWeb_ComputeBounds( void )
{
	ttAABB box = { { 1e30, 1e30, 1e30 }, { -1e30, -1e30, -1e30 } };
	bool any = false;
	for ( int i = 0; i < s_web.shapeCount; ++i )
	{
		if ( s_web.shapes[i].flags & 2 )
		{
			continue;
		}
		ttAABB b = ttShape_GetAABB( s_web.shapes[i].shape );
		box.lower = ttVec3Make( fmin( box.lower.x, b.lower.x ), fmin( box.lower.y, b.lower.y ),
		                        fmin( box.lower.z, b.lower.z ) );
		box.upper = ttVec3Make( fmax( box.upper.x, b.upper.x ), fmax( box.upper.y, b.upper.y ),
		                        fmax( box.upper.z, b.upper.z ) );
		any = true;
	}
	if ( any == false )
	{
		box = ( ttAABB ){ { -1, -1, -1 }, { 1, 1, 1 } };
	}
	double bounds[6] = { box.lower.x, box.lower.y, box.lower.z, box.upper.x, box.upper.y, box.upper.z };
	memcpy( s_web.bounds, bounds, sizeof( bounds ) );
}

int ttWeb_Load( const char* name )
{
	ttWeb_Unload();
	ttSetLogFcn( ttWeb_Log );
	s_error[0] = 0;
	if ( name == NULL )
	{
		snprintf( s_error, sizeof( s_error ), "ttWeb_Load: no scene name" );
		return 0;
	}
	bool ok = strcmp( name, "showcase" ) == 0
	              ? ttScene_LoadString( ttScene_ShowcaseJson(), "showcase", &s_web.scene, s_error, sizeof( s_error ) )
	              : ttScene_LoadFile( name, &s_web.scene, s_error, sizeof( s_error ) );
	if ( ok == false )
	{
		return 0;
	}
	s_web.loaded = true;
	if ( ttWeb_CollectShapes() == false )
	{
		snprintf( s_error, sizeof( s_error ), "%s: out of memory", name );
		ttWeb_Unload();
		return 0;
	}
	ttWeb_ComputeBounds();
	return 1;
}

const char* ttWeb_Error( void )
{
	return s_error;
}

static void ttWeb_ApplySpring( void )
{
	if ( s_web.grabbing == false || ttBody_IsValid( s_web.grabBody ) == false )
	{
		s_web.grabbing = false;
		return;
	}
	ttVec3 p = ttBody_GetWorldPoint( s_web.grabBody, s_web.grabLocal );
	ttVec3 v = ttBody_GetWorldPointVelocity( s_web.grabBody, p );
	ttReal k = (ttReal)TT_WEB_SPRING_STIFFNESS;
	ttVec3 acceleration = ttSub( ttScale( k, ttSub( s_web.grabTarget, p ) ), ttScale( 2 * ttSqrt( k ), v ) );
	ttBody_SetAwake( s_web.grabBody, true );
	ttBody_ApplyForce( s_web.grabBody, ttScale( ttBody_GetMass( s_web.grabBody ), acceleration ), p );
}

int ttWeb_Step( void )
{
	if ( s_web.loaded == false )
	{
		return 0;
	}
	ttWeb_ApplySpring();
	ttResult result = ttWorld_Step( s_web.scene.worldId, s_web.scene.timeStep );
	s_web.stepMs = ttWorld_GetStepStats( s_web.scene.worldId ).totalMs;
	if ( result != ttResult_ok )
	{
		return 0;
	}
	s_web.stepCount += 1;
	return 1;
}

double ttWeb_StepMs( void )
{
	return s_web.stepMs;
}

int ttWeb_StepCount( void )
{
	return s_web.stepCount;
}

double ttWeb_TimeStep( void )
{
	return s_web.loaded ? (double)s_web.scene.timeStep : 0;
}

int ttWeb_BodyCount( void )
{
	return s_web.loaded ? ttWorld_GetBodyCount( s_web.scene.worldId ) : 0;
}

int ttWeb_JointCount( void )
{
	return s_web.loaded ? ttWorld_GetJointCount( s_web.scene.worldId ) : 0;
}

int ttWeb_ContactCount( void )
{
	return s_web.loaded ? ttWorld_GetContactCount( s_web.scene.worldId ) : 0;
}

int ttWeb_JointSolverCount( void )
{
	return ttJointSolverCount;
}

const char* ttWeb_JointSolverName( int index )
{
	return index >= 0 && index < ttJointSolverCount ? ttJointSolverNames[index] : "";
}

int ttWeb_GetJointSolver( void )
{
	return s_web.loaded ? (int)ttWorld_GetJointSolver( s_web.scene.worldId ) : 0;
}

int ttWeb_SetJointSolver( int solver )
{
	s_error[0] = 0;
	return s_web.loaded && ttWorld_SetJointSolver( s_web.scene.worldId, (ttJointSolverType)solver ) == ttResult_ok;
}

int ttWeb_ContactSolverCount( void )
{
	return ttContactSolverCount;
}

const char* ttWeb_ContactSolverName( int index )
{
	return index >= 0 && index < ttContactSolverCount ? ttContactSolverNames[index] : "";
}

int ttWeb_GetContactSolver( void )
{
	return s_web.loaded ? (int)ttWorld_GetContactSolver( s_web.scene.worldId ) : 0;
}

int ttWeb_SetContactSolver( int solver )
{
	s_error[0] = 0;
	return s_web.loaded && ttWorld_SetContactSolver( s_web.scene.worldId, (ttContactSolverType)solver ) == ttResult_ok;
}

int ttWeb_GetSubsteps( void )
{
	return s_web.loaded ? ttWorld_GetSubsteps( s_web.scene.worldId ) : 0;
}

int ttWeb_SetSubsteps( int substeps )
{
	s_error[0] = 0;
	return s_web.loaded && ttWorld_SetSubsteps( s_web.scene.worldId, substeps ) == ttResult_ok;
}

int ttWeb_ShapeCount( void )
{
	return s_web.shapeCount;
}

int ttWeb_ShapeFlags( int index )
{
	if ( index < 0 || index >= s_web.shapeCount )
	{
		return 0;
	}
	const ttWebShape* shape = &s_web.shapes[index];
	bool asleep = ( shape->flags & 1 ) == 0 && ttBody_IsAwake( shape->body ) == false;
	return shape->flags | ( asleep ? 4 : 0 );
}

int ttWeb_ShapeMesh( int index )
{
	if ( index < 0 || index >= s_web.shapeCount )
	{
		return 0;
	}
	// Planes are drawn as squares a few times the size of the scene.
	const double* b = s_web.bounds;
	double extent = fmax( fmax( b[3] - b[0], b[5] - b[2] ), b[4] - b[1] );
	return ttWeb_BuildShapeMesh( s_web.shapes[index].shape, (ttReal)fmax( 20.0, 3 * extent ) );
}

const float* ttWeb_UpdateTransforms( void )
{
	for ( int i = 0; i < s_web.shapeCount; ++i )
	{
		ttTransform t = ttMulTransforms( ttBody_GetTransform( s_web.shapes[i].body ),
		                                 ttShape_GetLocalTransform( s_web.shapes[i].shape ) );
		ttMat3 r = ttMat3FromQuat( t.q );
		float* m = s_web.transforms + 16 * i;
		ttVec3 columns[4] = { r.cx, r.cy, r.cz, t.p };
		for ( int c = 0; c < 4; ++c )
		{
			m[4 * c + 0] = (float)columns[c].x;
			m[4 * c + 1] = (float)columns[c].y;
			m[4 * c + 2] = (float)columns[c].z;
			m[4 * c + 3] = c == 3 ? 1.0f : 0.0f;
		}
	}
	return s_web.transforms;
}

static int ttWeb_AddLine( int count, ttVec3 a, ttVec3 b )
{
	if ( 2 * ( count + 2 ) * 3 > s_web.lineCapacity )
	{
		int capacity = 2 * s_web.lineCapacity + 6 * 64;
		float* lines = realloc( s_web.lines, (size_t)capacity * sizeof( float ) );
		if ( lines == NULL )
		{
			return count;
		}
		s_web.lines = lines;
		s_web.lineCapacity = capacity;
	}
	float* v = s_web.lines + 3 * count;
	v[0] = (float)a.x, v[1] = (float)a.y, v[2] = (float)a.z;
	v[3] = (float)b.x, v[4] = (float)b.y, v[5] = (float)b.z;
	return count + 2;
}

int ttWeb_UpdateLines( void )
{
	int count = 0;
	if ( s_web.loaded == false )
	{
		return 0;
	}
	for ( int j = 0; j < s_web.scene.jointCount; ++j )
	{
		ttJointId joint = s_web.scene.joints[j];
		if ( ttJoint_IsValid( joint ) == false )
		{
			continue; // broken
		}
		ttVec3 anchorA = ttJoint_GetAnchorA( joint ), anchorB = ttJoint_GetAnchorB( joint );
		ttBodyId bodyA = ttJoint_GetBodyA( joint ), bodyB = ttJoint_GetBodyB( joint );
		if ( ttBody_IsValid( bodyA ) && ttBody_GetType( bodyA ) == ttBody_dynamic )
		{
			count = ttWeb_AddLine( count, ttBody_GetPosition( bodyA ), anchorA );
		}
		count = ttWeb_AddLine( count, anchorA, anchorB );
		if ( ttBody_IsValid( bodyB ) && ttBody_GetType( bodyB ) == ttBody_dynamic )
		{
			count = ttWeb_AddLine( count, anchorB, ttBody_GetPosition( bodyB ) );
		}
	}
	if ( s_web.grabbing && ttBody_IsValid( s_web.grabBody ) )
	{
		count = ttWeb_AddLine( count, ttBody_GetWorldPoint( s_web.grabBody, s_web.grabLocal ), s_web.grabTarget );
	}
	return count;
}

const float* ttWeb_LineData( void )
{
	return s_web.lines;
}

const double* ttWeb_Bounds( void )
{
	return s_web.bounds;
}

int ttWeb_Grab( double ox, double oy, double oz, double dx, double dy, double dz )
{
	s_web.grabbing = false;
	if ( s_web.loaded == false )
	{
		return 0;
	}
	// Every shape, whatever its collision filter: the spring may grab what contacts ignore.
	ttQueryFilter all = { UINT64_MAX, UINT64_MAX };
	ttVec3 origin = ttVec3Make( (ttReal)ox, (ttReal)oy, (ttReal)oz );
	ttVec3 reach = ttScale( (ttReal)1000, ttVec3Make( (ttReal)dx, (ttReal)dy, (ttReal)dz ) );
	ttRayResult hit = ttWorld_CastRayClosest( s_web.scene.worldId, origin, reach, all );
	if ( hit.hit == false || ttBody_GetType( hit.bodyId ) != ttBody_dynamic )
	{
		return 0;
	}
	s_web.grabbing = true;
	s_web.grabBody = hit.bodyId;
	s_web.grabLocal = ttBody_GetLocalPoint( hit.bodyId, hit.point );
	s_web.grabTarget = hit.point;
	s_web.grabPoint[0] = hit.point.x, s_web.grabPoint[1] = hit.point.y, s_web.grabPoint[2] = hit.point.z;
	return 1;
}

const double* ttWeb_GrabPoint( void )
{
	return s_web.grabPoint;
}

const double* ttWeb_SpringPoint( void )
{
	ttVec3 p = TT_VEC3_ZERO;
	if ( s_web.grabbing && ttBody_IsValid( s_web.grabBody ) )
	{
		p = ttBody_GetWorldPoint( s_web.grabBody, s_web.grabLocal );
	}
	s_web.scratch[0] = p.x, s_web.scratch[1] = p.y, s_web.scratch[2] = p.z;
	return s_web.scratch;
}

void ttWeb_Drag( double x, double y, double z )
{
	s_web.grabTarget = ttVec3Make( (ttReal)x, (ttReal)y, (ttReal)z );
}

void ttWeb_Release( void )
{
	s_web.grabbing = false;
}

int ttWeb_FindBody( const char* name )
{
	for ( int i = 0; name != NULL && s_web.loaded && i < s_web.scene.bodyCount; ++i )
	{
		bool match = name[0] != 0 ? strcmp( s_web.scene.bodyNames[i], name ) == 0
		                          : ttBody_GetType( s_web.scene.bodies[i] ) == ttBody_dynamic;
		if ( match )
		{
			return i;
		}
	}
	return -1;
}

const double* ttWeb_BodyPosition( int index )
{
	ttVec3 p = TT_VEC3_ZERO;
	if ( s_web.loaded && index >= 0 && index < s_web.scene.bodyCount )
	{
		p = ttBody_GetPosition( s_web.scene.bodies[index] );
	}
	s_web.scratch[0] = p.x, s_web.scratch[1] = p.y, s_web.scratch[2] = p.z;
	return s_web.scratch;
}
