// SPDX-License-Identifier: MIT
// Particles and particle constraints in a saved scene (docs/scene-format.md, "Particles" and
// "Saving"): every particle as a loose one, every constraint with its rest state, so that the
// loader rebuilds the same particle world bit for bit. Builders (ropes, cloths, soft bodies,
// tires) are not remembered by the world; their particles and constraints are written one by one.
#include "core.h"
#include "particle.h"
#include "save_preimage.h"
#include "world_save.h"

static const char* const ttSaveConstraintTypeNames[] = {
    [ttParticleConstraint_distance] = "distance",     [ttParticleConstraint_bending] = "bending",
    [ttParticleConstraint_volume] = "volume",         [ttParticleConstraint_area] = "area",
    [ttParticleConstraint_shapeMatch] = "shapeMatch", [ttParticleConstraint_attachment] = "attachment" };

static void ttSaveParticle( FILE* file, const ttParticle* p, bool first )
{
	fprintf( file, "%s\n    { \"position\": ", first ? "" : "," );
	ttWriteVec3( file, p->x );
	ttKeyVec3( file, "velocity", p->v );
	ttKeyReal( file, "mass", ttSavePreimage_Reciprocal( p->invMass ) );
	ttKeyReal( file, "radius", p->radius );
	ttKeyReal( file, "staticFriction", p->staticFriction );
	ttKeyReal( file, "dynamicFriction", p->dynamicFriction );
	ttKeyReal( file, "gravityScale", p->gravityScale );
	ttKeyReal( file, "damping", p->damping );
	fprintf( file, ", \"group\": %d", p->group );
	ttKeyBool( file, "collide", p->collide );
	fputs( " }", file );
}

static void ttSaveIndices( FILE* file, const int* indices, int count, const int* fileIndex )
{
	fputs( ", \"particles\": [", file );
	for ( int i = 0; i < count; ++i )
	{
		fprintf( file, "%s%d", i > 0 ? ", " : "", fileIndex[indices[i]] );
	}
	fputc( ']', file );
}

static void ttSaveConstraint( FILE* file, const ttParticleConstraint* c, const int* fileIndex,
                              const char ( *bodyNames )[40], bool first )
{
	fprintf( file, "%s\n    { \"type\": \"%s\"", first ? "" : ",", ttSaveConstraintTypeNames[c->type] );
	switch ( c->type )
	{
		case ttParticleConstraint_distance:
		case ttParticleConstraint_bending:
		case ttParticleConstraint_volume:
		case ttParticleConstraint_area:
		{
			int count = c->type == ttParticleConstraint_distance ? 2 : c->type == ttParticleConstraint_area ? 3 : 4;
			ttSaveIndices( file, c->p, count, fileIndex );
			ttKeyReal( file, "rest", c->rest );
			break;
		}
		case ttParticleConstraint_shapeMatch:
		{
			ttSaveIndices( file, c->cluster, c->clusterCount, fileIndex );
			fputs( ",\n      \"restOffsets\": [", file );
			for ( int i = 0; i < c->clusterCount; ++i )
			{
				fputs( i > 0 ? ", " : "", file );
				ttWriteVec3( file, c->restOffsets[i] );
			}
			fputs( "], \"rotation\": ", file );
			ttWriteQuat( file, c->rotation );
			break;
		}
		case ttParticleConstraint_attachment:
			fprintf( file, ", \"particle\": %d, \"body\": \"%s\"", fileIndex[c->p[0]], bodyNames[c->body] );
			ttKeyVec3( file, "point", c->local );
			break;
	}
	ttKeyReal( file, "compliance", c->compliance );
	fputs( " }", file );
}

bool ttSaveParticles( FILE* file, ttWorld* world, const char ( *bodyNames )[40] )
{
	ttParticleSet* set = world->particles;
	if ( set == NULL || ( set->particles.liveCount == 0 && set->constraints.liveCount == 0 ) )
	{
		return true;
	}
	// Particles are written in slot order without the free slots: a slot's place in the file.
	int* fileIndex = ttAlloc( sizeof( int ) * (size_t)( set->particles.count > 0 ? set->particles.count : 1 ) );
	if ( fileIndex == NULL )
	{
		return false;
	}
	fputs( ",\n  \"particles\": [", file );
	int written = 0;
	for ( int i = 0; i < set->particles.count; ++i )
	{
		fileIndex[i] = -1;
		if ( set->particles.used[i] )
		{
			ttSaveParticle( file, ttParticleSet_Particle( set, i ), written == 0 );
			fileIndex[i] = written++;
		}
	}
	fputs( "\n  ],\n  \"particleConstraints\": [", file );
	bool first = true;
	for ( int i = 0; i < set->constraints.count; ++i )
	{
		if ( set->constraints.used[i] )
		{
			ttSaveConstraint( file, ttParticleSet_Constraint( set, i ), fileIndex, bodyNames, first );
			first = false;
		}
	}
	fputs( "\n  ]", file );
	ttFree( fileIndex );
	return true;
}
