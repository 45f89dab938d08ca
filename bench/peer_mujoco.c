// SPDX-License-Identifier: MIT
// MuJoCo 2.2.2 (Debian's libmujoco-dev) side of the peer benchmark. Each scene is written as an
// MJCF string and compiled from MuJoCo's in-memory file system. Bodies are free (a freejoint
// each) and ball joints are `connect` equality constraints, the form comparable with the other
// engines (a kinematic tree would hold a chain by construction; BENCHMARKS.md lists both).
// One setting, MuJoCo's defaults (Newton solver, 100 iterations, pyramidal cones, Euler, the
// default arena sizes): BENCHMARKS.md measures no higher-effort MuJoCo setting. Contact friction
// is the larger of the two geoms' (0.6 on every geom).
#define _POSIX_C_SOURCE 200809L

#include "peer_scenes.h"

#include <mujoco/mujoco.h>

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* const s_settings[] = { "Newton 100 it (default), connect" };

typedef struct PeerMujoco
{
	mjModel* model;
	mjData* data;
	char problem[160];
} PeerMujoco;

// MuJoCo's default error handler exits the process (an arena overflow is an error in 2.2.2); the
// benchmark reports it and goes on, so errors jump back to the step that raised them.
static jmp_buf s_errorJump;
static char s_errorText[128];

static void peerMujocoError( const char* message )
{
	snprintf( s_errorText, sizeof( s_errorText ), "%s", message );
	longjmp( s_errorJump, 1 );
}

// Warnings (a full contact buffer, a diverged state that MuJoCo resets) are counted in the
// data's warning statistics and checked after each step; printing them would flood the table.
static void peerMujocoWarning( const char* message )
{
	(void)message;
}

static void peerMujocoGeom( FILE* xml, const PeerBody* b, bool collide )
{
	const char* contact = collide ? "" : " contype=\"0\" conaffinity=\"0\"";
	switch ( b->shape )
	{
		case PeerShape_box:
			fprintf( xml, "<geom type=\"box\" size=\"%.17g %.17g %.17g\" friction=\"%g 0.005 0.0001\"%s/>",
			         b->halfExtents[0], b->halfExtents[1], b->halfExtents[2], PEER_FRICTION, contact );
			break;
		case PeerShape_sphere:
			fprintf( xml, "<geom type=\"sphere\" size=\"%.17g\" friction=\"%g 0.005 0.0001\"%s/>", b->radius,
			         PEER_FRICTION, contact );
			break;
		default:
		{
			double h[3] = { 0, 0, 0 };
			h[b->axis] = b->halfLength;
			fprintf( xml,
			         "<geom type=\"capsule\" size=\"%.17g\" fromto=\"%.17g %.17g %.17g %.17g %.17g %.17g\" "
			         "friction=\"%g 0.005 0.0001\"%s/>",
			         b->radius, -h[0], -h[1], -h[2], h[0], h[1], h[2], PEER_FRICTION, contact );
			break;
		}
	}
}

static char* peerMujocoXml( const PeerScene* scene, size_t* size )
{
	char* text = NULL;
	FILE* xml = open_memstream( &text, size );
	if ( xml == NULL )
	{
		return NULL;
	}
	fprintf( xml, "<mujoco model=\"%s\">\n<option timestep=\"%.17g\" gravity=\"0 %.17g 0\"/>\n", scene->name,
	         PEER_TIME_STEP, -PEER_GRAVITY );
	// MuJoCo 2.2.2 preallocates contacts and constraint rows (defaults 100 and 500, too few for
	// a pyramid): sized here for the scene, a necessity rather than extra effort. Its arena holds
	// a dense njmax x njmax matrix (efc_AR) and is sized in an int, so rows cannot grow freely:
	// 13 contacts per body (4 rows each, pyramidal cones) is the most mj_makeData allocates for the
	// 210-box pyramid (14 and 16 fail with "could not create mjData"). The pyramid needs more than
	// 12 (its boxes touch below and beside, 4 points a face: 12 gave "contacts dropped" in the
	// first steps); 13 holds its contacts without dropping. Where a scene still overflows, MuJoCo
	// drops contacts and the table says so; where nothing can be allocated, the row says that.
	if ( scene->collisions )
	{
		long contacts = 13L * scene->bodyCount;
		fprintf( xml, "<size nconmax=\"%ld\" njmax=\"%ld\"/>\n", contacts, 4 * contacts + 3L * scene->jointCount );
	}
	fprintf( xml, "<worldbody>\n" );
	for ( int i = 0; i < scene->staticCount; ++i )
	{
		const PeerStatic* s = scene->statics + i;
		fprintf( xml,
		         "<geom type=\"box\" pos=\"%.17g %.17g %.17g\" size=\"%.17g %.17g %.17g\" "
		         "friction=\"%g 0.005 0.0001\"/>\n",
		         s->position[0], s->position[1], s->position[2], s->halfExtents[0], s->halfExtents[1],
		         s->halfExtents[2], PEER_FRICTION );
	}
	for ( int i = 0; i < scene->bodyCount; ++i )
	{
		const PeerBody* b = scene->bodies + i;
		fprintf( xml,
		         "<body name=\"b%d\" pos=\"%.17g %.17g %.17g\"><freejoint/>"
		         "<inertial pos=\"0 0 0\" mass=\"%.17g\" diaginertia=\"%.17g %.17g %.17g\"/>",
		         i, b->position[0], b->position[1], b->position[2], b->mass, b->inertia[0], b->inertia[1],
		         b->inertia[2] );
		peerMujocoGeom( xml, b, scene->collisions );
		fprintf( xml, "</body>\n" );
	}
	fprintf( xml, "</worldbody>\n" );
	if ( scene->jointCount > 0 )
	{
		fprintf( xml, "<equality>\n" );
		for ( int i = 0; i < scene->jointCount; ++i )
		{
			// The anchor is given in body1's frame; body2 defaults to the world.
			const PeerJoint* j = scene->joints + i;
			const double* p = scene->bodies[j->b].position;
			fprintf( xml, "<connect body1=\"b%d\"", j->b );
			if ( j->a >= 0 )
			{
				fprintf( xml, " body2=\"b%d\"", j->a );
			}
			fprintf( xml, " anchor=\"%.17g %.17g %.17g\"/>\n", j->anchor[0] - p[0], j->anchor[1] - p[1],
			         j->anchor[2] - p[2] );
		}
		fprintf( xml, "</equality>\n" );
	}
	fprintf( xml, "</mujoco>\n" );
	fclose( xml );
	return text;
}

// Kept apart from the caller so that no local of the caller lives across the setjmp.
static void peerMujocoCompile( const mjVFS* vfs, PeerMujoco* m, char* error, int errorSize )
{
	if ( setjmp( s_errorJump ) == 0 )
	{
		m->model = mj_loadXML( "scene.xml", vfs, error, errorSize );
		m->data = m->model != NULL ? mj_makeData( m->model ) : NULL;
	}
	else
	{
		snprintf( error, (size_t)errorSize, "%s", s_errorText );
	}
}

static void peerMujocoDestroy( void* sim )
{
	PeerMujoco* m = sim;
	mj_deleteData( m->data );
	mj_deleteModel( m->model );
	free( m );
}

static void* peerMujocoCreate( const PeerScene* scene, int setting, char* why, int whySize )
{
	(void)setting;
	mju_user_error = peerMujocoError;
	mju_user_warning = peerMujocoWarning;
	size_t size = 0;
	char* text = peerMujocoXml( scene, &size );
	mjVFS* vfs = malloc( sizeof( mjVFS ) );
	PeerMujoco* m = calloc( 1, sizeof( PeerMujoco ) );
	if ( text == NULL || vfs == NULL || m == NULL )
	{
		snprintf( why, (size_t)whySize, "out of memory" );
		free( text );
		free( vfs );
		free( m );
		return NULL;
	}
	mj_defaultVFS( vfs );
	char error[256] = "";
	if ( mj_makeEmptyFileVFS( vfs, "scene.xml", (int)size ) == 0 )
	{
		memcpy( vfs->filedata[vfs->nfile - 1], text, size );
		peerMujocoCompile( vfs, m, error, (int)sizeof( error ) );
	}
	mj_deleteVFS( vfs );
	free( vfs );
	free( text );
	if ( m->data == NULL )
	{
		snprintf( why, (size_t)whySize, "cannot load: %s", error[0] != 0 ? error : "mj_makeData failed" );
		if ( m->model != NULL )
		{
			mj_deleteModel( m->model );
		}
		free( m );
		return NULL;
	}
	return m;
}

static bool peerMujocoStep( void* sim )
{
	PeerMujoco* m = sim;
	if ( setjmp( s_errorJump ) != 0 )
	{
		snprintf( m->problem, sizeof( m->problem ), "error: %s", s_errorText );
		return false;
	}
	mj_step( m->model, m->data );
	// A full contact or constraint buffer drops contacts and goes on: the run no longer simulates
	// the whole scene, which the table says beside the figures.
	if ( m->data->warning[mjWARN_CONTACTFULL].number > 0 || m->data->warning[mjWARN_CNSTRFULL].number > 0 )
	{
		snprintf( m->problem, sizeof( m->problem ), "contacts dropped: buffer of %d contacts, %d rows full",
		          m->model->nconmax, m->model->njmax );
	}
	if ( m->data->warning[mjWARN_BADQACC].number > 0 )
	{
		snprintf( m->problem, sizeof( m->problem ), "diverged (NaN, reset by MuJoCo)" );
		return false;
	}
	return true;
}

static const char* peerMujocoProblem( void* sim )
{
	return ( (PeerMujoco*)sim )->problem;
}

static void peerMujocoState( void* sim, int body, PeerBodyState* out )
{
	PeerMujoco* m = sim;
	// Every body has one free joint, in body order: qpos holds position and quaternion (w first),
	// qvel starts with the world linear velocity.
	const mjtNum* q = m->data->qpos + 7 * body;
	const mjtNum* v = m->data->qvel + 6 * body;
	*out = ( PeerBodyState ){ { q[0], q[1], q[2] }, { q[3], q[4], q[5], q[6] }, { v[0], v[1], v[2] } };
}

const PeerEngine peerMujoco = {
    "MuJoCo 2.2.2",   1, s_settings, peerMujocoCreate, peerMujocoStep, peerMujocoState, peerMujocoDestroy,
    peerMujocoProblem };
