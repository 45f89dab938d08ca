// SPDX-License-Identifier: MIT
#include "metrics.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char* const ttFixedColumnNames[ttMetric_fixedCount] = {
    "time",
    "kineticEnergy",
    "potentialEnergy",
    "totalEnergy",
    "linearMomentum.x",
    "linearMomentum.y",
    "linearMomentum.z",
    "angularMomentum.x",
    "angularMomentum.y",
    "angularMomentum.z",
    "maxJointPositionError",
    "meanJointPositionError",
    "maxJointAngleError",
    "meanJointAngleError",
    "contactCount",
    "supportingContacts",
    "supportedBodies",
};

static int ttFirstProbeColumn( const ttScene* scene )
{
	return ttMetric_fixedCount + 2 * scene->jointCount;
}

int ttMetrics_ColumnCount( const ttScene* scene )
{
	int count = ttFirstProbeColumn( scene );
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		count += ttProbe_ColumnCount( scene->probes + i );
	}
	return count;
}

void ttMetrics_ColumnName( const ttScene* scene, int column, char* name, int size )
{
	if ( column < ttMetric_fixedCount )
	{
		snprintf( name, (size_t)size, "%s", column >= 0 ? ttFixedColumnNames[column] : "?" );
		return;
	}
	if ( column < ttFirstProbeColumn( scene ) )
	{
		int joint = ( column - ttMetric_fixedCount ) / 2;
		bool force = ( column - ttMetric_fixedCount ) % 2 == 0;
		snprintf( name, (size_t)size, "%s.%s", scene->jointNames[joint], force ? "force" : "torque" );
		return;
	}
	int first = ttFirstProbeColumn( scene );
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		const ttProbe* probe = scene->probes + i;
		int count = ttProbe_ColumnCount( probe );
		if ( column < first + count )
		{
			static const char* const axes[] = { "x", "y", "z" };
			if ( count == 1 )
			{
				snprintf( name, (size_t)size, "%s", probe->name );
			}
			else
			{
				snprintf( name, (size_t)size, "%s.%s", probe->name, axes[column - first] );
			}
			return;
		}
		first += count;
	}
	snprintf( name, (size_t)size, "?" );
}

static void ttSampleJoints( const ttScene* scene, double* values )
{
	double sumPosition = 0, sumAngle = 0, maxPosition = 0, maxAngle = 0;
	int valid = 0;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		double* forceTorque = values + ttMetric_fixedCount + 2 * i;
		ttJointId joint = scene->joints[i];
		if ( ttJoint_IsValid( joint ) == false )
		{
			forceTorque[0] = 0;
			forceTorque[1] = 0;
			continue;
		}
		double position = (double)ttJoint_GetPositionError( joint );
		double angle = (double)ttJoint_GetAngleError( joint );
		sumPosition += position;
		sumAngle += angle;
		maxPosition = position > maxPosition ? position : maxPosition;
		maxAngle = angle > maxAngle ? angle : maxAngle;
		valid += 1;
		forceTorque[0] = (double)ttLength( ttJoint_GetConstraintForce( joint ) );
		forceTorque[1] = (double)ttLength( ttJoint_GetConstraintTorque( joint ) );
	}
	values[ttMetric_maxJointPositionError] = maxPosition;
	values[ttMetric_meanJointPositionError] = valid > 0 ? sumPosition / valid : 0;
	values[ttMetric_maxJointAngleError] = maxAngle;
	values[ttMetric_meanJointAngleError] = valid > 0 ? sumAngle / valid : 0;
}

void ttMetrics_Sample( const ttScene* scene, double time, double* values )
{
	ttWorldId world = scene->worldId;
	values[ttMetric_time] = time;
	values[ttMetric_kineticEnergy] = (double)ttWorld_GetKineticEnergy( world );
	values[ttMetric_potentialEnergy] = (double)ttWorld_GetPotentialEnergy( world );
	values[ttMetric_totalEnergy] = values[ttMetric_kineticEnergy] + values[ttMetric_potentialEnergy];
	ttVec3 linear = ttWorld_GetLinearMomentum( world );
	ttVec3 angular = ttWorld_GetAngularMomentum( world );
	values[ttMetric_linearMomentumX] = (double)linear.x;
	values[ttMetric_linearMomentumY] = (double)linear.y;
	values[ttMetric_linearMomentumZ] = (double)linear.z;
	values[ttMetric_angularMomentumX] = (double)angular.x;
	values[ttMetric_angularMomentumY] = (double)angular.y;
	values[ttMetric_angularMomentumZ] = (double)angular.z;
	values[ttMetric_contactCount] = (double)ttWorld_GetContactCount( world );
	ttStepStats stats = ttWorld_GetStepStats( world );
	values[ttMetric_supportingContacts] = (double)stats.supportingContactCount;
	values[ttMetric_supportedBodies] = (double)stats.supportedBodyCount;
	ttSampleJoints( scene, values );

	double* probeValues = values + ttFirstProbeColumn( scene );
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		ttReal result[3] = { 0, 0, 0 };
		ttProbe_Evaluate( scene->probes + i, result );
		int count = ttProbe_ColumnCount( scene->probes + i );
		for ( int k = 0; k < count; ++k )
		{
			probeValues[k] = (double)result[k];
		}
		probeValues += count;
	}
}

// ---------------------------------------------------------------------------------------------
// Recorder

bool ttRecorder_Open( ttRecorder* recorder, const ttScene* scene, const char* csvPath, char* error, int errorSize )
{
	memset( recorder, 0, sizeof( *recorder ) );
	recorder->scene = scene;
	recorder->columnCount = ttMetrics_ColumnCount( scene );
	size_t columns = (size_t)recorder->columnCount;
	recorder->values = calloc( columns, sizeof( double ) );
	recorder->first = calloc( columns, sizeof( double ) );
	recorder->minimum = calloc( columns, sizeof( double ) );
	recorder->maximum = calloc( columns, sizeof( double ) );
	recorder->brokenAt = calloc( (size_t)( scene->jointCount > 0 ? scene->jointCount : 1 ), sizeof( double ) );
	if ( recorder->values == NULL || recorder->first == NULL || recorder->minimum == NULL ||
	     recorder->maximum == NULL || recorder->brokenAt == NULL )
	{
		snprintf( error, (size_t)errorSize, "out of memory for %d metric columns", recorder->columnCount );
		ttRecorder_Close( recorder );
		return false;
	}
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		recorder->brokenAt[i] = -1;
	}
	if ( csvPath == NULL )
	{
		return true;
	}
	recorder->csv = fopen( csvPath, "w" );
	if ( recorder->csv == NULL )
	{
		snprintf( error, (size_t)errorSize, "%s: cannot write: %s", csvPath, strerror( errno ) );
		ttRecorder_Close( recorder );
		return false;
	}
	for ( int c = 0; c < recorder->columnCount; ++c )
	{
		char name[2 * TT_SCENE_NAME_SIZE];
		ttMetrics_ColumnName( scene, c, name, (int)sizeof( name ) );
		fprintf( recorder->csv, "%s%s", c > 0 ? "," : "", name );
	}
	fputc( '\n', recorder->csv );
	return true;
}

static void ttRecorder_Accumulate( ttRecorder* recorder )
{
	for ( int c = 0; c < recorder->columnCount; ++c )
	{
		double value = recorder->values[c];
		if ( recorder->rows == 0 )
		{
			recorder->first[c] = value;
			recorder->minimum[c] = value;
			recorder->maximum[c] = value;
		}
		else if ( isnan( value ) == false )
		{
			// fmin/fmax skip a NaN first value (a probe on a broken joint) in favour of numbers.
			recorder->minimum[c] = fmin( recorder->minimum[c], value );
			recorder->maximum[c] = fmax( recorder->maximum[c], value );
		}
	}
	const ttScene* scene = recorder->scene;
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		if ( recorder->brokenAt[i] < 0 && ttJoint_IsValid( scene->joints[i] ) == false )
		{
			recorder->brokenAt[i] = recorder->values[ttMetric_time];
		}
	}
	recorder->rows += 1;
}

void ttRecorder_Record( ttRecorder* recorder, double time )
{
	ttMetrics_Sample( recorder->scene, time, recorder->values );
	ttRecorder_Accumulate( recorder );
	if ( recorder->csv == NULL )
	{
		return;
	}
	for ( int c = 0; c < recorder->columnCount; ++c )
	{
		// %.10g keeps the precision that matters for energies and errors at a readable width.
		fprintf( recorder->csv, c > 0 ? ",%.10g" : "%.10g", recorder->values[c] );
	}
	fputc( '\n', recorder->csv );
}

void ttRecorder_Close( ttRecorder* recorder )
{
	if ( recorder->csv != NULL )
	{
		fclose( recorder->csv );
	}
	free( recorder->values );
	free( recorder->first );
	free( recorder->minimum );
	free( recorder->maximum );
	free( recorder->brokenAt );
	memset( recorder, 0, sizeof( *recorder ) );
}

// ---------------------------------------------------------------------------------------------
// Summary

static void ttAddTriple( cJSON* object, const char* name, const double* values )
{
	cJSON* array = cJSON_AddArrayToObject( object, name );
	for ( int k = 0; k < 3; ++k )
	{
		cJSON_AddItemToArray( array, cJSON_CreateNumber( values[k] ) );
	}
}

static void ttAddSettings( cJSON* root, const ttScene* scene )
{
	cJSON* settings = cJSON_AddObjectToObject( root, "settings" );
	ttVec3 gravity = ttWorld_GetGravity( scene->worldId );
	double g[3] = { (double)gravity.x, (double)gravity.y, (double)gravity.z };
	cJSON_AddNumberToObject( settings, "timeStep", (double)scene->timeStep );
	cJSON_AddNumberToObject( settings, "substeps", ttWorld_GetSubsteps( scene->worldId ) );
	cJSON_AddNumberToObject( settings, "iterations", ttWorld_GetIterations( scene->worldId ) );
	ttAddTriple( settings, "gravity", g );
	cJSON_AddNumberToObject( settings, "bodies", scene->bodyCount );
	cJSON_AddNumberToObject( settings, "joints", scene->jointCount );
	cJSON_AddNumberToObject( settings, "probes", scene->probeCount );
	cJSON_AddStringToObject( settings, "real", TT_REAL_IS_FLOAT ? "float" : "double" );
}

static void ttAddEnergyAndMomentum( cJSON* root, const ttRecorder* recorder )
{
	const double* last = recorder->values;
	cJSON* energy = cJSON_AddObjectToObject( root, "energy" );
	cJSON_AddNumberToObject( energy, "initial", recorder->first[ttMetric_totalEnergy] );
	cJSON_AddNumberToObject( energy, "final", last[ttMetric_totalEnergy] );
	cJSON_AddNumberToObject( energy, "min", recorder->minimum[ttMetric_totalEnergy] );
	cJSON_AddNumberToObject( energy, "max", recorder->maximum[ttMetric_totalEnergy] );
	cJSON_AddNumberToObject( energy, "finalKinetic", last[ttMetric_kineticEnergy] );
	cJSON_AddNumberToObject( energy, "finalPotential", last[ttMetric_potentialEnergy] );

	cJSON* momentum = cJSON_AddObjectToObject( root, "momentum" );
	ttAddTriple( momentum, "linearInitial", recorder->first + ttMetric_linearMomentumX );
	ttAddTriple( momentum, "linearFinal", last + ttMetric_linearMomentumX );
	ttAddTriple( momentum, "angularInitial", recorder->first + ttMetric_angularMomentumX );
	ttAddTriple( momentum, "angularFinal", last + ttMetric_angularMomentumX );

	cJSON* contacts = cJSON_AddObjectToObject( root, "contacts" );
	cJSON_AddNumberToObject( contacts, "final", last[ttMetric_contactCount] );
	cJSON_AddNumberToObject( contacts, "max", recorder->maximum[ttMetric_contactCount] );

	// Bodies awake at the end (the rest sleep): how much of the scene still costs work.
	cJSON_AddNumberToObject( root, "finalAwakeBodies", ttWorld_GetAwakeBodyCount( recorder->scene->worldId ) );
}

static void ttAddJoints( cJSON* root, const ttRecorder* recorder )
{
	const ttScene* scene = recorder->scene;
	cJSON* joints = cJSON_AddObjectToObject( root, "joints" );
	cJSON_AddNumberToObject( joints, "maxPositionError", recorder->maximum[ttMetric_maxJointPositionError] );
	cJSON_AddNumberToObject( joints, "maxAngleError", recorder->maximum[ttMetric_maxJointAngleError] );
	cJSON_AddNumberToObject( joints, "finalMaxPositionError", recorder->values[ttMetric_maxJointPositionError] );
	cJSON_AddNumberToObject( joints, "finalMaxAngleError", recorder->values[ttMetric_maxJointAngleError] );
	int broken = 0;
	cJSON* brokenList = cJSON_AddArrayToObject( joints, "brokenJoints" );
	cJSON* each = cJSON_AddObjectToObject( joints, "each" );
	for ( int i = 0; i < scene->jointCount; ++i )
	{
		int column = ttMetric_fixedCount + 2 * i;
		cJSON* joint = cJSON_AddObjectToObject( each, scene->jointNames[i] );
		cJSON_AddNumberToObject( joint, "finalForce", recorder->values[column] );
		cJSON_AddNumberToObject( joint, "maxForce", recorder->maximum[column] );
		cJSON_AddNumberToObject( joint, "finalTorque", recorder->values[column + 1] );
		cJSON_AddNumberToObject( joint, "maxTorque", recorder->maximum[column + 1] );
		if ( recorder->brokenAt[i] >= 0 )
		{
			cJSON* entry = cJSON_CreateObject();
			cJSON_AddStringToObject( entry, "name", scene->jointNames[i] );
			cJSON_AddNumberToObject( entry, "time", recorder->brokenAt[i] );
			cJSON_AddItemToArray( brokenList, entry );
			broken += 1;
		}
	}
	cJSON_AddNumberToObject( joints, "broken", broken );
}

// A probe's final, minimum and maximum values: numbers, or [x, y, z] for position probes.
static void ttAddProbeValue( cJSON* probe, const char* key, const double* values, int count )
{
	if ( count == 1 )
	{
		cJSON_AddNumberToObject( probe, key, values[0] );
	}
	else
	{
		ttAddTriple( probe, key, values );
	}
}

static void ttAddProbes( cJSON* root, const ttRecorder* recorder )
{
	const ttScene* scene = recorder->scene;
	cJSON* probes = cJSON_AddObjectToObject( root, "probes" );
	int column = ttFirstProbeColumn( scene );
	for ( int i = 0; i < scene->probeCount; ++i )
	{
		int count = ttProbe_ColumnCount( scene->probes + i );
		cJSON* probe = cJSON_AddObjectToObject( probes, scene->probes[i].name );
		ttAddProbeValue( probe, "initial", recorder->first + column, count );
		ttAddProbeValue( probe, "final", recorder->values + column, count );
		ttAddProbeValue( probe, "min", recorder->minimum + column, count );
		ttAddProbeValue( probe, "max", recorder->maximum + column, count );
		column += count;
	}
}

void ttRunTiming_AddStep( ttRunTiming* timing, const ttStepStats* stats )
{
	timing->jointSolveMs += stats->jointSolveMs;
	timing->contactSolveMs += stats->contactSolveMs;
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		timing->longRangeAnalysisMs[i] += stats->longRangeAnalysisMs[i];
		timing->longRangeSolveMs[i] += stats->longRangeSolveMs[i];
		timing->longRangeCount[i] = stats->longRangeCount[i];
	}
}

// Per feature: whether it was on, how many constraints it had in the last step, the total analysis
// time and the projection time per step; beside them the joint and contact solves per step.
static void ttAddSolveTimes( cJSON* root, const ttScene* scene, const ttRunTiming* timing )
{
	double steps = timing->steps > 0 ? timing->steps : 1;
	cJSON* solve = cJSON_AddObjectToObject( root, "solve" );
	cJSON_AddNumberToObject( solve, "jointMsPerStep", timing->jointSolveMs / steps );
	cJSON_AddNumberToObject( solve, "contactMsPerStep", timing->contactSolveMs / steps );
	cJSON* longRange = cJSON_AddObjectToObject( root, "longRange" );
	for ( int i = 0; i < ttLongRange_featureCount; ++i )
	{
		cJSON* feature = cJSON_AddObjectToObject( longRange, ttLongRangeFeatureName( (ttLongRangeFeature)i ) );
		cJSON_AddBoolToObject( feature, "enabled",
		                       ttWorld_IsLongRangeEnabled( scene->worldId, (ttLongRangeFeature)i ) );
		cJSON_AddNumberToObject( feature, "count", timing->longRangeCount[i] );
		cJSON_AddNumberToObject( feature, "analysisMs", timing->longRangeAnalysisMs[i] );
		cJSON_AddNumberToObject( feature, "solveMsPerStep", timing->longRangeSolveMs[i] / steps );
	}
}

bool ttRecorder_WriteSummary( const ttRecorder* recorder, const ttRunTiming* timing, const char* path, char* error,
                              int errorSize )
{
	cJSON* root = cJSON_CreateObject();
	cJSON_AddStringToObject( root, "scene", recorder->scene->name );
	ttAddSettings( root, recorder->scene );
	cJSON_AddNumberToObject( root, "steps", timing->steps );
	cJSON_AddNumberToObject( root, "simulatedSeconds", timing->simulatedSeconds );
	cJSON_AddNumberToObject( root, "stepWallSeconds", timing->stepSeconds );
	cJSON_AddNumberToObject( root, "wallSeconds", timing->wallSeconds );
	cJSON_AddNumberToObject( root, "msPerStep", timing->steps > 0 ? 1000 * timing->stepSeconds / timing->steps : 0 );
	ttAddSolveTimes( root, recorder->scene, timing );
	if ( recorder->rows > 0 )
	{
		ttAddEnergyAndMomentum( root, recorder );
		ttAddJoints( root, recorder );
		ttAddProbes( root, recorder );
	}
	char* text = cJSON_Print( root );
	cJSON_Delete( root );
	FILE* file = text != NULL ? fopen( path, "w" ) : NULL;
	bool ok = file != NULL && fputs( text, file ) >= 0 && fputc( '\n', file ) != EOF;
	ok = file != NULL && fclose( file ) == 0 && ok;
	if ( ok == false )
	{
		snprintf( error, (size_t)errorSize, "%s: cannot write the summary: %s", path,
		          text == NULL ? "out of memory" : strerror( errno ) );
	}
	cJSON_free( text );
	return ok;
}
