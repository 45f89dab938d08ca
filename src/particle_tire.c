// SPDX-License-Identifier: MIT
// The tire of the XPBD paper's car (section 4, fig. 1 and 16): a ring of particles around a rigid
// rim, shape-matched per hexahedral element as the paper's tires are, its bead attached to the
// rim. The rim turns the tire through the attachments and the ground pushes back on the tread, so
// a motor on the rim's hinge drives the car through the soft tire.
#include "bounds.h"
#include "core.h"
#include "particle_build.h"
#include "world.h"

#include <math.h>

ttTireDef ttDefaultTireDef( void )
{
	ttTireDef def = { 0 };
	def.localAxis = ( ttVec3 ){ 0, 0, 1 };
	def.innerRadius = (ttReal)0.05;
	def.outerRadius = (ttReal)0.075;
	def.width = (ttReal)0.04;
	def.segments = 24;
	def.mass = (ttReal)0.2;
	def.radius = (ttReal)0.01;
	def.shapeMatchCompliance = 0;
	def.ringCompliance = (ttReal)1e-4;
	def.attachCompliance = (ttReal)0.05;
	def.staticFriction = 1;
	def.dynamicFriction = (ttReal)0.8;
	def.internalValue = TT_BUILD_DEF_COOKIE;
	return def;
}

static bool ttIsPositiveSize( ttReal value )
{
	return ttIsValidReal( value ) && value >= TT_MIN_SHAPE_SIZE && value <= TT_MAX_SHAPE_SIZE;
}

// Everything but the world and the rim, which ttBuildTire resolves itself.
static bool ttCheckTireDef( const char* function, const ttTireDef* def )
{
	if ( ttIsBoundedVec3( def->localCenter, TT_MAX_POSITION ) == false ||
	     ttIsBoundedVec3( def->localAxis, TT_MAX_POSITION ) == false || ttLength( def->localAxis ) < (ttReal)1e-6 )
	{
		ttReportError( function, "localCenter must be finite and localAxis finite and not zero" );
		return false;
	}
	if ( ttIsPositiveSize( def->innerRadius ) == false || ttIsPositiveSize( def->outerRadius ) == false ||
	     def->outerRadius <= def->innerRadius || ttIsPositiveSize( def->width ) == false )
	{
		ttReportError( function, "need 0 < innerRadius < outerRadius and width > 0 (within the shape size limits)" );
		return false;
	}
	if ( def->segments < 6 || def->segments > 4096 )
	{
		ttReportError( function, "segments must be in [6, 4096], got %d", def->segments );
		return false;
	}
	if ( ttIsValidReal( def->mass ) == false || def->mass <= 0 )
	{
		ttReportError( function, "mass must be finite and > 0" );
		return false;
	}
	return ttCheckParticleFields( function, def->mass / (ttReal)( 4 * def->segments ), def->radius, def->staticFriction,
	                              def->dynamicFriction, def->damping ) &&
	       ttCheckCompliance( function, "shapeMatchCompliance", def->shapeMatchCompliance, false ) &&
	       ttCheckCompliance( function, "ringCompliance", def->ringCompliance, true ) &&
	       ttCheckCompliance( function, "attachCompliance", def->attachCompliance, false );
}

ttResult ttBuildTire( ttWorldId worldId, const ttTireDef* def, ttParticleId* particles )
{
	if ( def == NULL || def->internalValue != TT_BUILD_DEF_COOKIE )
	{
		TT_ERROR( "def is NULL or was not initialised with ttDefaultTireDef" );
		return ttResult_invalidArgument;
	}
	ttWorld* world = ttResolveWorld( __func__, worldId );
	if ( world == NULL )
	{
		return ttResult_invalidId;
	}
	ttWorld* rimWorld = NULL;
	if ( ttResolveBody( __func__, def->rim, &rimWorld ) == NULL || rimWorld != world )
	{
		if ( rimWorld != NULL && rimWorld != world )
		{
			TT_ERROR( "the rim belongs to another world" );
		}
		return ttResult_invalidId;
	}
	if ( ttCheckTireDef( __func__, def ) == false )
	{
		return ttResult_invalidArgument;
	}
	int n = def->segments;
	ttBuild build;
	if ( ttBuild_Begin( &build, __func__, worldId, 4 * n, def->group ) == false )
	{
		return build.failed ? ttResult_outOfMemory : ttResult_invalidId;
	}
	// The wheel's frame in the world: its centre, axis and two radial directions u, v.
	ttVec3 center = ttBody_GetWorldPoint( def->rim, def->localCenter );
	ttVec3 axis = ttNormalize( ttBody_GetWorldVector( def->rim, def->localAxis ) );
	ttVec3 helper = fabs( (double)axis.x ) < 0.6 ? ( ttVec3 ){ 1, 0, 0 } : ( ttVec3 ){ 0, 1, 0 };
	ttVec3 u = ttNormalize( ttCross( helper, axis ) );
	ttVec3 v = ttCross( axis, u );
	ttReal mass = def->mass / (ttReal)( 4 * n );
	ttReal radii[2] = { def->innerRadius, def->outerRadius };
	for ( int j = 0; j < n; ++j )
	{
		ttReal angle = 2 * TT_PI * (ttReal)j / (ttReal)n;
		ttVec3 radial = ttAdd( ttScale( (ttReal)cos( (double)angle ), u ), ttScale( (ttReal)sin( (double)angle ), v ) );
		for ( int k = 0; k < 4; ++k )
		{
			ttReal side = ( k & 1 ) ? (ttReal)0.5 : (ttReal)-0.5;
			ttVec3 x = ttAdd( center, ttAdd( ttScale( radii[k >> 1], radial ), ttScale( side * def->width, axis ) ) );
			ttBuild_AddParticle( &build, x, mass, def->radius, def->staticFriction, def->dynamicFriction,
			                     def->damping );
		}
	}
	// One shape-matching cluster per element (the 8 particles of slices j and j + 1).
	for ( int j = 0; j < n && build.failed == false; ++j )
	{
		ttParticleId element[8];
		for ( int k = 0; k < 4; ++k )
		{
			element[k] = build.particles[4 * j + k];
			element[4 + k] = build.particles[4 * ( ( j + 1 ) % n ) + k];
		}
		ttBuild_Check( &build, ttCreateParticleShapeMatch( worldId, element, 8, def->shapeMatchCompliance ) );
	}
	if ( def->ringCompliance >= 0 && build.failed == false )
	{
		ttBuild_Check( &build, ttCreateParticleShapeMatch( worldId, build.particles, 4 * n, def->ringCompliance ) );
	}
	// The bead to the rim, each particle at the rim's point where it was built.
	for ( int j = 0; j < n && build.failed == false; ++j )
	{
		for ( int k = 0; k < 2 && build.failed == false; ++k )
		{
			ttParticleId bead = build.particles[4 * j + k];
			ttVec3 local = ttBody_GetLocalPoint( def->rim, ttParticle_GetPosition( bead ) );
			ttBuild_Check( &build,
			               ttCreateParticleAttachment( worldId, bead, def->rim, local, def->attachCompliance ) );
		}
	}
	return ttBuild_End( &build, particles );
}
