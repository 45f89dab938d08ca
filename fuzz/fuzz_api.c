// SPDX-License-Identifier: MIT
// Fuzz target: the public API as a sequence of calls. Each byte picks an operation (create or
// destroy a body, shape or joint, set velocities, apply loads, change gravity, step, ...) whose
// numbers come from the following bytes as ordinary, huge, tiny, NaN, infinite or at-the-limit
// values, and whose ids are live, stale (destroyed) or forged. Whatever the sequence: no crash or
// sanitizer report, every step returns ttResult_ok or (the step guard) ttResult_stepFailed, and
// every body state readable afterwards is finite. docs/hardening.md.
#include "tether/tether.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size );

typedef struct Bytes
{
	const uint8_t* data;
	size_t size, at;
} Bytes;

static unsigned TakeByte( Bytes* b )
{
	unsigned value = b->at < b->size ? b->data[b->at] : 0u;
	b->at += 1;
	return value;
}

// A number of one of several kinds: most are ordinary, the rest probe the checks.
static ttReal TakeReal( Bytes* b )
{
	unsigned kind = TakeByte( b );
	ttReal ordinary = ( (ttReal)TakeByte( b ) - 128 ) / 8;
	switch ( kind % 16 )
	{
		case 0:
			return (ttReal)NAN;
		case 1:
			return (ttReal)INFINITY * ( ordinary < 0 ? -1 : 1 );
		case 2:
			return ordinary < 0 ? -(ttReal)1e30 : (ttReal)1e30;
		case 3:
#if TT_REAL_IS_FLOAT
			return 1e-38f;
#else
			return 1e-300;
#endif
		case 4:
			return TT_MAX_SPEED * ( ordinary < 0 ? -1 : 1 );
		case 5:
			return TT_MAX_FORCE;
		case 6:
			return 0;
		default:
			return ordinary;
	}
}

static ttVec3 TakeVec3( Bytes* b )
{
	return ( ttVec3 ){ TakeReal( b ), TakeReal( b ), TakeReal( b ) };
}

enum
{
	maxBodies = 16
};

typedef struct State
{
	ttWorldId world;
	ttBodyId bodies[maxBodies]; ///< live, destroyed (stale) or never made (null)
	ttJointId joint;
	ttShapeId shape;
} State;

static ttBodyId TakeBody( Bytes* b, const State* s )
{
	unsigned pick = TakeByte( b );
	if ( pick % 13 == 12 )
	{
		// Forged: an index and generation nothing handed out.
		return ( ttBodyId ){ (int32_t)TakeByte( b ) - 8, 0, TakeByte( b ) * 7919u };
	}
	return s->bodies[pick % maxBodies];
}

static void Quiet( const char* message )
{
	(void)message;
}

static void Require( bool condition, const char* what )
{
	if ( condition == false )
	{
		fprintf( stderr, "fuzz_api: %s\n", what );
		abort();
	}
}

static void Operate( Bytes* b, State* s )
{
	unsigned op = TakeByte( b ) % 14;
	ttBodyId body = TakeBody( b, s );
	switch ( op )
	{
		case 0:
		{
			ttBodyDef def = ttDefaultBodyDef();
			def.type = (ttBodyType)( TakeByte( b ) % 4 ); // 3 is not a type
			def.position = TakeVec3( b );
			def.linearVelocity = TakeVec3( b );
			def.angularVelocity = TakeVec3( b );
			def.gravityScale = TakeReal( b );
			s->bodies[TakeByte( b ) % maxBodies] = ttCreateBody( s->world, &def );
			break;
		}
		case 1:
			ttDestroyBody( body );
			break;
		case 2:
		{
			ttShapeDef def = ttDefaultShapeDef();
			def.density = TakeByte( b ) % 2 ? TakeReal( b ) : 1000;
			unsigned type = TakeByte( b ) % 4;
			if ( type == 0 )
			{
				ttSphere sphere = { TakeReal( b ) };
				s->shape = ttCreateSphereShape( body, &def, &sphere );
			}
			else if ( type == 1 )
			{
				ttBox box = { TakeVec3( b ) };
				s->shape = ttCreateBoxShape( body, &def, &box );
			}
			else if ( type == 2 )
			{
				ttCylinder cylinder = { TakeReal( b ), TakeReal( b ) };
				s->shape = ttCreateCylinderShape( body, &def, &cylinder );
			}
			else
			{
				ttPlane plane = { TakeVec3( b ), TakeReal( b ) };
				s->shape = ttCreatePlaneShape( body, &def, &plane );
			}
			break;
		}
		case 3:
			ttDestroyShape( s->shape );
			break;
		case 4:
			ttBody_SetLinearVelocity( body, TakeVec3( b ) );
			break;
		case 5:
			ttBody_SetAngularVelocity( body, TakeVec3( b ) );
			break;
		case 6:
			ttBody_ApplyForce( body, TakeVec3( b ), TakeVec3( b ) );
			break;
		case 7:
			ttBody_ApplyLinearImpulse( body, TakeVec3( b ), TakeVec3( b ) );
			break;
		case 8:
			ttBody_SetTransform( body, TakeVec3( b ), ( ttQuat ){ TakeReal( b ), TakeReal( b ), TakeReal( b ), 1 } );
			break;
		case 9:
			ttWorld_SetGravity( s->world, TakeVec3( b ) );
			break;
		case 10:
		{
			ttHingeJointDef def = ttDefaultHingeJointDef();
			def.base.bodyA = body;
			def.base.bodyB = TakeBody( b, s );
			def.base.localFrameA.p = TakeVec3( b );
			s->joint = ttCreateHingeJoint( s->world, &def );
			break;
		}
		case 11:
			ttDestroyJoint( s->joint );
			break;
		case 12:
		{
			ttMassData mass = { TakeReal( b ), TakeVec3( b ), TakeVec3( b ), TT_QUAT_IDENTITY };
			ttBody_SetMassData( body, mass );
			break;
		}
		default:
		{
			// Mostly ordinary steps, sometimes one outside the range.
			unsigned kind = TakeByte( b );
			ttReal dt = kind % 8 == 0 ? TakeReal( b ) : (ttReal)( 1 + kind % 4 ) / 60;
			ttResult result = ttWorld_Step( s->world, dt );
			Require( result == ttResult_ok || result == ttResult_stepFailed || result == ttResult_invalidArgument,
			         "a step succeeds, is refused, or is undone by the guard" );
			break;
		}
	}
}

int LLVMFuzzerTestOneInput( const uint8_t* data, size_t size )
{
	ttSetLogFcn( Quiet );
	Bytes b = { data, size, 0 };
	State s = { 0 };
	ttWorldDef def = ttDefaultWorldDef();
	def.substeps = 4;
	s.world = ttCreateWorld( &def );
	for ( int op = 0; op < 64 && b.at < b.size; ++op )
	{
		Operate( &b, &s );
	}
	ttBodyId bodies[64];
	int count = ttWorld_GetBodies( s.world, bodies, 64 );
	for ( int i = 0; i < count; ++i )
	{
		ttVec3 p = ttBody_GetPosition( bodies[i] );
		ttVec3 v = ttBody_GetLinearVelocity( bodies[i] );
		ttVec3 w = ttBody_GetAngularVelocity( bodies[i] );
		Require( isfinite( p.x ) && isfinite( p.y ) && isfinite( p.z ) && isfinite( v.x ) && isfinite( v.y ) &&
		             isfinite( v.z ) && isfinite( w.x ) && isfinite( w.y ) && isfinite( w.z ),
		         "every body state finite" );
	}
	ttDestroyWorld( s.world );
	return 0;
}
