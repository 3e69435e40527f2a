"""churchill"""
